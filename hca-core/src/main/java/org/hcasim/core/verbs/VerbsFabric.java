package org.hcasim.core.verbs;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.core.fault.FaultLedger;
import org.hcasim.core.fault.Faults;
import org.hcasim.core.hw.Fabric;
import org.hcasim.core.hw.LinkParams;
import org.hcasim.core.sim.EventTarget;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.verbs.mkey.PayloadBuffers;
import org.hcasim.verbs.QpAddress;

/**
 * What the subnet manager and path records provide to the verbs engine of one simulation: QP addresses and
 * CM service ids resolved to objects, and messages carried between devices over the kernel's {@link Fabric}
 * (one switch, one link per device port). A device talking to itself loops back inside the HCA.
 */
public final class VerbsFabric {
    private final Simulation sim;
    private final Map<String, SimRdmaDevice> devices = new LinkedHashMap<>();
    /** The same devices, for lookups by index without an iterator. */
    private final java.util.List<SimRdmaDevice> deviceList = new java.util.ArrayList<>();
    private final Map<String, Map<Long, SimConnectionManager.Listener>> listeners = new HashMap<>();
    private final Wire wire = new Wire();
    private final PayloadBuffers payloadBuffers = new PayloadBuffers();
    private Fabric hardware;
    private Faults faults;

    public VerbsFabric(Simulation sim) {
        this.sim = sim;
    }

    /** The verbs fabric attached to {@code sim}, created on first use. */
    public static VerbsFabric of(Simulation sim) {
        return sim.componentOrAttach(VerbsFabric.class, () -> new VerbsFabric(sim));
    }

    Simulation simulation() {
        return sim;
    }

    /** The buffers payload travels in between the devices of this fabric. */
    PayloadBuffers payloadBuffers() {
        return payloadBuffers;
    }

    void addDevice(SimRdmaDevice device) {
        String port = portName(device);
        if (devices.putIfAbsent(port, device) != null) {
            throw new IllegalArgumentException("device " + port + " is already on the fabric");
        }
        deviceList.add(device);
    }

    static String portName(SimRdmaDevice d) {
        return d.host().name() + "/" + d.name();
    }

    void register(SimQueuePair qp) {
        qp.device().registerQp(qp);
    }

    void unregister(SimQueuePair qp) {
        qp.device().unregisterQp(qp);
    }

    /**
     * The QP at {@code address}, or null when none exists (destroyed, never created, unknown host): its device
     * by name, then the device's QP by number (every packet is resolved so, and names compare by identity first).
     */
    SimQueuePair lookup(QpAddress address) {
        if (address == null) {
            return null;
        }
        int slot = System.identityHashCode(address) & (RESOLVED - 1);
        SimQueuePair qp = resolvedQp[slot];
        if (resolvedAddress[slot] == address && qp != null && !qp.states().destroyed()) {
            return qp; // the same address object as before (a connection's packets all carry it), still alive
        }
        SimRdmaDevice d = deviceAt(address);
        qp = d == null ? null : d.qpAt(address.qpNum());
        resolvedAddress[slot] = address;
        resolvedQp[slot] = qp;
        return qp;
    }

    /** Addresses resolved lately, by identity: direct-mapped, a miss resolves by name and number again. */
    private static final int RESOLVED = 64;
    private final QpAddress[] resolvedAddress = new QpAddress[RESOLVED];
    private final SimQueuePair[] resolvedQp = new SimQueuePair[RESOLVED];

    /** The device a QP address names (whether or not the QP still exists), or null when there is none. */
    SimRdmaDevice deviceAt(QpAddress address) {
        for (int i = 0; i < deviceList.size(); i++) {
            SimRdmaDevice d = deviceList.get(i);
            if (d.name().equals(address.device()) && d.host().name().equals(address.host())) {
                return d;
            }
        }
        return null;
    }

    /**
     * The device an address names: {@code host/device} that device, a bare {@code host} its first device (as a
     * host name resolves to its first interface); null when there is no such device on this fabric.
     */
    SimRdmaDevice deviceOf(String host) {
        if (host.indexOf('/') >= 0) {
            return devices.get(host);
        }
        for (SimRdmaDevice d : devices.values()) {
            if (d.host().name().equals(host)) {
                return d;
            }
        }
        return null;
    }

    /** The listeners on one device, by its {@link #portName}. */
    Map<Long, SimConnectionManager.Listener> listenersOf(String port) {
        return listeners.computeIfAbsent(port, h -> new HashMap<>());
    }

    /**
     * Sends a message of {@code payload} bytes from {@code from} to {@code to} starting at {@code t}; returns
     * when its last byte has arrived at the receiving HCA.
     */
    long transmit(long t, SimRdmaDevice from, SimRdmaDevice to, long payload) {
        if (from == to) {
            return t;
        }
        if (hardware == null) {
            hardware = sim.component(Fabric.class);
        }
        return hardware.transmit(t, from.hardware().port(), to.hardware().port(), payload);
    }

    /** The faults of this fabric's simulation (none unless the run asks for them). */
    Faults faults() {
        if (faults == null) {
            faults = Faults.of(sim);
        }
        return faults;
    }

    /**
     * Puts {@code req} ({@code payload} bytes on the wire) on the wire from {@code from} to {@code to} at {@code t}; it
     * arrives at the end of the wire unless a fault loses or corrupts one of its packets. Then the responder sees the
     * packets after the damaged one out of sequence (when there are any) and the requester's ACK timer runs.
     *
     * @return when its last byte has left {@code from}'s port ({@code t} for a loopback, which takes no port)
     */
    long send(long t, SimRdmaDevice from, SimRdmaDevice to, long payload, Packet.Request req) {
        long arrival = transmit(t, from, to, payload);
        long departure = from == to ? t : from.hardware().port().lastDeparture();
        if (faults().wire && from != to) {
            int damage = damage(t, from, to, payload);
            if (damage != Faults.DELIVERED) {
                wireFault(req.source(), req.psn());
                if ((damage >> 1) < from.hardware().port().link().packets(payload) - 1) {
                    sim.loop().at(arrival, wire, Wire.REQUEST_DAMAGED, req);
                }
                payloadBuffers.give(req.payload());
                lost(req);
                return departure;
            }
        }
        sim.loop().at(arrival, wire, Wire.REQUEST_ARRIVES, req);
        return departure;
    }

    /**
     * Puts {@code resp}, the answer to {@code answered}, on the wire; a response lost to a fault leaves the requester to
     * its ACK timer (or to a later response that answers it too).
     */
    void send(long t, SimRdmaDevice from, SimRdmaDevice to, long payload, Packet.Response resp, Packet.Request answered) {
        long arrival = transmit(t, from, to, payload);
        if (faults().wire && from != to && damage(t, from, to, payload) != Faults.DELIVERED) {
            wireFault(resp.requester(), answered.psn());
            payloadBuffers.give(resp.readData());
            lost(answered);
            return;
        }
        sim.loop().at(arrival, wire, Wire.RESPONSE_ARRIVES, resp);
    }

    private int damage(long t, SimRdmaDevice from, SimRdmaDevice to, long payload) {
        LinkParams link = from.hardware().port().link();
        long bits = (Math.min(payload, link.mtuBytes()) + link.headerBytesPerPacket()) * 8L;
        return faults.damage(t, from.host().name(), to.host().name(), portName(to), link.packets(payload), bits);
    }

    /** A packet of the request {@code psn} of the QP at {@code requester} (or of its response) was lost or corrupted. */
    private void wireFault(QpAddress requester, long psn) {
        SimQueuePair qp = lookup(requester);
        if (qp == null || !qp.reliability().wireFault(psn)) {
            faults.ledger().count(FaultLedger.Section.RECOVERED, "packets of work already complete");
        }
    }

    /**
     * {@code req} was lost (no QP at its destination, or one that drops it): no answer will come, so the
     * requester's ACK timer, started at transmit, expires at the request's deadline.
     */
    void lost(Packet.Request req) {
        if (req.ackDeadline() != Long.MAX_VALUE) {
            sim.loop().at(req.ackDeadline(), wire, Wire.ACK_TIMER_EXPIRES, req);
        }
    }

    /** The end of the wire: hands each packet to the QP its address names when it arrives, if it still exists. */
    private final class Wire implements EventTarget {
        static final int REQUEST_ARRIVES = 0;
        static final int RESPONSE_ARRIVES = 1;
        static final int ACK_TIMER_EXPIRES = 2;
        static final int REQUEST_DAMAGED = 3;

        @Override
        public void onEvent(int op, Object arg) {
            switch (op) {
                case REQUEST_ARRIVES -> {
                    Packet.Request req = (Packet.Request) arg;
                    SimQueuePair to = lookup(req.destination());
                    if (to == null) {
                        lost(req);
                    } else {
                        to.onRequest(req);
                    }
                    payloadBuffers.give(req.payload()); // placed, or dropped: read no more
                }
                case RESPONSE_ARRIVES -> {
                    Packet.Response resp = (Packet.Response) arg;
                    SimQueuePair to = lookup(resp.requester());
                    if (to != null) {
                        to.reliability().onResponse(resp);
                    }
                    payloadBuffers.give(resp.readData());
                }
                case REQUEST_DAMAGED -> { // the packets after a lost one: out of sequence at the responder
                    Packet.Request req = (Packet.Request) arg;
                    SimQueuePair to = lookup(req.destination());
                    if (to != null) {
                        to.responder().outOfSequence(req);
                    }
                }
                case ACK_TIMER_EXPIRES -> {
                    Packet.Request req = (Packet.Request) arg;
                    SimQueuePair from = lookup(req.source());
                    if (from != null) {
                        from.reliability().ackTimerExpired(req);
                    }
                }
                default -> throw EventTarget.unknown(this, op);
            }
        }
    }
}
