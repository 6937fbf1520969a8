package org.hcasim.core.verbs;

import java.util.Map;
import java.util.Set;
import org.hcasim.core.fault.Faults;
import org.hcasim.host.CpuCosts;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmEventHandler;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.CmListener;
import org.hcasim.verbs.ConnectionManager;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.VerbsException;

/**
 * rdma_cm over the simulated fabric: REQ, REP/REJ, RTU and DREQ are small messages on the wire, each
 * processed by the CM at its end. The CM moves both QPs through INIT, RTR and RTS like rdma_cm does, with
 * the retry settings ULPs pass in the kernel (retry 7, RNR retry 7 = infinite).
 */
final class SimConnectionManager implements ConnectionManager {
    /** Size of a CM MAD on the wire. */
    static final int CM_MESSAGE_BYTES = 256;
    private static final Set<AccessFlag> CM_QP_ACCESS =
            Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ, AccessFlag.REMOTE_WRITE);

    private final SimRdmaDevice device;

    SimConnectionManager(SimRdmaDevice device) {
        this.device = device;
    }

    /** A listening service id on one device. */
    final class Listener implements CmListener {
        private final long serviceId;
        private final CmEventHandler handler;
        private boolean closed;

        Listener(long serviceId, CmEventHandler handler) {
            this.serviceId = serviceId;
            this.handler = handler;
        }

        @Override
        public long serviceId() {
            return serviceId;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                device.fabric().listenersOf(VerbsFabric.portName(device)).remove(serviceId);
            }
        }

        SimRdmaDevice device() {
            return device;
        }
    }

    @Override
    public CmListener listen(long serviceId, CmEventHandler handler) {
        Map<Long, Listener> listeners = device.fabric().listenersOf(VerbsFabric.portName(device));
        if (listeners.containsKey(serviceId)) {
            throw new VerbsException(Errno.EEXIST, "listen: service id " + serviceId + " is already listened on at "
                    + VerbsFabric.portName(device));
        }
        Listener l = new Listener(serviceId, handler);
        listeners.put(serviceId, l);
        return l;
    }

    @Override
    public CmId connect(String remoteHost, long serviceId, QueuePair qp, byte[] privateData, CmEventHandler handler) {
        SimQueuePair sqp = requireIdleQp(qp, "connect");
        Side active = new Side(device, remoteHost, serviceId, handler);
        active.qp = sqp;
        byte[] data = copy(privateData);
        SimRdmaDevice remote = device.fabric().deviceOf(remoteHost);
        long start = Math.max(device.loop().now(), device.host().now());
        if (remote == null) {
            device.loop().at(start + cmProcessingNs(device),
                    () -> active.deliver(new CmEvent.Unreachable(active, "no host '" + remoteHost + "' on the fabric")));
            return active;
        }
        toQpInit(sqp);
        send(start, device, remote, () -> {
            Listener l = device.fabric().listenersOf(VerbsFabric.portName(remote)).get(serviceId);
            if (l == null || l.closed) {
                send(device.loop().now(), remote, device, () -> active.deliver(new CmEvent.Rejected(active, new byte[0],
                        "nobody listens on service id " + serviceId + " at " + remoteHost)));
                return;
            }
            Side passive = new Side(l.device(), device.host().name(), serviceId, l.handler);
            passive.passive = true;
            passive.peer = active;
            active.peer = passive;
            passive.deliver(new CmEvent.ConnectRequest(passive, data));
        });
        return active;
    }

    /**
     * Sends a CM message at {@code t}: {@code onArrival} runs when the receiving CM has processed it, unless a link
     * down loses it (then nothing happens, and the sender's ULP must time out as the kernel's do).
     */
    private static void send(long t, SimRdmaDevice from, SimRdmaDevice to, Runnable onArrival) {
        Faults faults = from.fabric().faults();
        if (faults.any() && faults.cmMessageLost(t, from.host().name(), to.host().name())) {
            return;
        }
        from.loop().at(message(t, from, to), onArrival);
    }

    /** One send of a CM message plus the processing at the receiving CM. */
    private static long message(long t, SimRdmaDevice from, SimRdmaDevice to) {
        return from.fabric().transmit(t, from, to, CM_MESSAGE_BYTES) + cmProcessingNs(to);
    }

    /** The receiving host's kernel CM work per message (its profile's {@code host.cost.cm-message-ns}). */
    private static long cmProcessingNs(SimRdmaDevice at) {
        return at.host().cpuCosts().ns(CpuCosts.CM_MESSAGE);
    }

    private static byte[] copy(byte[] data) {
        return data == null ? new byte[0] : data.clone();
    }

    private SimQueuePair requireIdleQp(QueuePair qp, String verb) {
        if (!(qp instanceof SimQueuePair sqp) || sqp.device() != device) {
            throw new VerbsException(Errno.EINVAL, verb + ": the QP must be a QP of " + device);
        }
        if (qp.state() != QpState.RESET && qp.state() != QpState.INIT) {
            throw new VerbsException(Errno.EINVAL, verb + ": QP 0x" + Integer.toHexString(qp.qpNum()) + " is in "
                    + qp.state() + "; the CM needs it in RESET or INIT");
        }
        return sqp;
    }

    private static void toQpInit(SimQueuePair qp) {
        if (qp.state() == QpState.RESET) {
            qp.modify(QpAttributes.toInit(CM_QP_ACCESS));
        }
    }

    private static void toRtrRts(Side side, SimQueuePair peer, boolean rts) {
        SimQueuePair qp = side.qp;
        if (qp.state() == QpState.INIT) {
            qp.modify(QpAttributes.toRtr(peer.address(), side.minRnrTimer));
        }
        if (rts && qp.state() == QpState.RTR) {
            qp.modify(QpAttributes.toRts(CmDefaults.TIMEOUT, CmDefaults.RETRY, CmDefaults.RNR_RETRY));
        }
    }

    /** One end of a connection. */
    static final class Side implements CmId {
        private final SimRdmaDevice device;
        private final String remoteHost;
        private final long serviceId;
        private final CmEventHandler handler;
        Side peer;
        SimQueuePair qp;
        private boolean passive;
        /** rdma_set_min_rnr_timer's code, or the CM's default. */
        private int minRnrTimer = CmDefaults.MIN_RNR_TIMER;
        private boolean answered;
        private boolean connected;
        private boolean disconnected;

        Side(SimRdmaDevice device, String remoteHost, long serviceId, CmEventHandler handler) {
            this.device = device;
            this.remoteHost = remoteHost;
            this.serviceId = serviceId;
            this.handler = handler;
        }

        @Override
        public QueuePair qp() {
            return qp;
        }

        @Override
        public String remoteHost() {
            return remoteHost;
        }

        @Override
        public long serviceId() {
            return serviceId;
        }

        /** Events run at thread priority on core 0 through the host's rdma_cm work queue. */
        void deliver(CmEvent event) {
            device.host().workQueue("rdma_cm").queue(0, event.getClass().getSimpleName(), () -> handler.onEvent(event));
        }

        private long now() {
            return Math.max(device.loop().now(), device.host().now());
        }

        @Override
        public void setMinRnrTimer(int code) {
            if (code < 0 || code > 31) {
                throw new VerbsException(Errno.EINVAL, "setMinRnrTimer: " + code + " is not a 5-bit RNR timer code (0..31)");
            }
            minRnrTimer = code;
        }

        @Override
        public void accept(QueuePair acceptQp, byte[] privateData) {
            requireUnansweredRequest("accept");
            SimQueuePair sqp = ((SimConnectionManager) device.connectionManager()).requireIdleQp(acceptQp, "accept");
            answered = true;
            qp = sqp;
            toQpInit(sqp);
            toRtrRts(this, peer.qp, true); // cma_accept_ib: RTR then RTS before the REP goes out
            byte[] data = copy(privateData);
            Side active = peer;
            send(now(), device, active.device, () -> {
                if (active.qp.state() != QpState.INIT) {
                    return; // the active side gave up meanwhile
                }
                toRtrRts(active, sqp, true);
                active.established(data);
                send(device.loop().now(), active.device, device, () -> {
                    if (sqp.state() == QpState.RTR) {
                        toRtrRts(this, active.qp, true);
                    }
                    if (sqp.state() == QpState.RTS) {
                        established(new byte[0]);
                    }
                });
            });
        }

        private void established(byte[] data) {
            connected = true;
            deliver(new CmEvent.Established(this, data));
        }

        @Override
        public void reject(byte[] privateData) {
            requireUnansweredRequest("reject");
            answered = true;
            byte[] data = copy(privateData);
            Side active = peer;
            send(now(), device, active.device, () -> {
                if (active.qp.state() == QpState.INIT) {
                    active.qp.modify(QpAttributes.toError());
                }
                active.deliver(new CmEvent.Rejected(active, data, "rejected by " + device.host().name()));
            });
        }

        private void requireUnansweredRequest(String verb) {
            if (!passive || answered) {
                throw new VerbsException(Errno.EINVAL, verb + ": this CM id has no connect request to answer");
            }
        }

        @Override
        public void disconnect() {
            if (!connected || disconnected) {
                return;
            }
            disconnected = true;
            qp.moveToError();
            deliver(new CmEvent.Disconnected(this));
            Side other = peer;
            sendDreq(now(), other, CmDefaults.MAX_CM_RETRIES);
        }

        /**
         * A DREQ lost to a link down is sent again after the CM's timeout, up to its retries, as the kernel's CM does
         * (so a peer learns of the disconnect once the link is back); the connect messages are not retried, since
         * the ULPs stop waiting for an answer first (nvme-rdma after 3 s).
         */
        private void sendDreq(long t, Side other, int retriesLeft) {
            Faults faults = device.fabric().faults();
            if (faults.any() && faults.cmMessageLost(t, device.host().name(), other.device.host().name())) {
                if (retriesLeft > 0) {
                    device.loop().at(t + CmDefaults.CM_RETRY_NS, () -> sendDreq(device.loop().now(), other, retriesLeft - 1));
                }
                return;
            }
            device.loop().at(message(t, device, other.device), other::peerDisconnected);
        }

        private void peerDisconnected() {
            if (disconnected) {
                return;
            }
            disconnected = true;
            qp.moveToError();
            deliver(new CmEvent.Disconnected(this));
        }
    }
}
