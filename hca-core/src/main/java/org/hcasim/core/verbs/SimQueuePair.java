package org.hcasim.core.verbs;

import java.util.List;
import java.util.Set;
import org.hcasim.core.sim.CachedCost;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.EventTarget;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.verbs.DeviceLimitException;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpAddress;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WorkRequest;

/**
 * An RC queue pair: the verbs a ULP calls (modify, post, destroy) with their synchronous checks, over parts
 * with one job each: the {@link QpStateMachine}, the {@link SendQueue}, the {@link Requester} that takes its WQEs
 * through the HCA, the {@link TransportReliability} that sequences and retransmits them, and on the receiving
 * side the {@link ReceiveQueue} and the {@link ResponderStages}.
 */
final class SimQueuePair implements QueuePair, EventTarget {
    /** Event operation: receives were posted while in ERR; they are flushed then. */
    private static final int FLUSH_IN_ERROR = 0;

    private final SimProtectionDomain pd;
    private final SimRdmaDevice dev;
    private final QpInit init;
    private final int qpNum;
    private final String name;
    private final QpAddress address;
    private final SimCompletionQueue sendCq;
    private final SimCompletionQueue recvCq;
    private final SimSharedReceiveQueue srq;
    private final EventLoop loop;

    private final QpStateMachine states;
    private final SendQueue sendQueue;
    private final TransportReliability reliability;
    private final Requester requester;
    private final ReceiveQueue receives;
    private final ResponderStages responder;
    private final SendRequestChecks checks;
    private final CachedCost wqeBuild;
    private final CachedCost doorbellMmio;

    SimQueuePair(SimProtectionDomain pd, QpInit init) {
        this.pd = pd;
        this.dev = pd.simDevice();
        this.init = init;
        var attrs = dev.attributes();
        if (!(init.sendCq() instanceof SimCompletionQueue scq) || scq.device() != dev
                || !(init.recvCq() instanceof SimCompletionQueue rcq) || rcq.device() != dev) {
            throw new VerbsException(Errno.EINVAL, "createQp: send and receive CQs must be CQs of " + dev);
        }
        if (init.srq() != null && (!(init.srq() instanceof SimSharedReceiveQueue s) || s.simPd() != pd)) {
            throw new VerbsException(Errno.EINVAL, "createQp: the SRQ must belong to the QP's PD");
        }
        requireRange("maxSendWr", init.maxSendWr(), 1, attrs.maxQpWr(), "hca.verbs.max-qp-wr");
        if (init.srq() == null) {
            requireRange("maxRecvWr", init.maxRecvWr(), 1, attrs.maxQpWr(), "hca.verbs.max-qp-wr");
        }
        requireRange("maxSendSge", init.maxSendSge(), 1, attrs.maxSge(), "hca.verbs.max-sge");
        requireRange("maxRecvSge", init.maxRecvSge(), 1, attrs.maxSge(), "hca.verbs.max-sge");
        requireRange("maxInlineData", init.maxInlineData(), 0, attrs.maxInlineData(), "hca.verbs.max-inline-data");
        this.sendCq = scq;
        this.recvCq = rcq;
        this.srq = (SimSharedReceiveQueue) init.srq();
        this.qpNum = dev.allocateQpNum();
        this.name = "QP 0x" + Integer.toHexString(qpNum);
        this.address = new QpAddress(dev.host().name(), dev.name(), qpNum);
        this.loop = dev.loop();
        sendCq.attach(this);
        recvCq.attach(this);
        if (srq != null) {
            srq.attach(this);
        }
        this.states = new QpStateMachine(name);
        this.sendQueue = new SendQueue(dev, this, sendCq, init.maxSendWr(), name);
        this.reliability = new TransportReliability(this, loop);
        this.requester = new Requester(this, sendQueue, reliability);
        this.receives = new ReceiveQueue(dev, this, recvCq, srq);
        this.responder = new ResponderStages(this, receives);
        this.checks = new SendRequestChecks(dev, init, name);
        this.wqeBuild = new CachedCost(dev.host().cpuCosts(), CpuCosts.WQE_BUILD);
        this.doorbellMmio = new CachedCost(dev.host().cpuCosts(), CpuCosts.DOORBELL_MMIO);
        dev.fabric().register(this);
    }

    /** Below {@code min} is the caller's mistake; above {@code max} the device's limit, named by {@code limitKey}. */
    private static void requireRange(String what, int value, int min, int max, String limitKey) {
        String message = "createQp: " + what + " " + value + " outside " + min + ".." + max;
        if (value > max) {
            throw new DeviceLimitException(Errno.EINVAL, message, limitKey);
        }
        if (value < min) {
            throw new VerbsException(Errno.EINVAL, message);
        }
    }

    // ---------------------------------------------------------------- the parts, for each other

    QpStateMachine states() {
        return states;
    }

    SendQueue sendQueue() {
        return sendQueue;
    }

    Requester requester() {
        return requester;
    }

    TransportReliability reliability() {
        return reliability;
    }

    ResponderStages responder() {
        return responder;
    }

    /** A request from the fabric for this QP's responder. */
    void onRequest(Packet.Request req) {
        responder.onRequest(req);
    }

    SimProtectionDomain simPd() {
        return pd;
    }

    SimRdmaDevice device() {
        return dev;
    }

    SimSharedReceiveQueue srq() {
        return srq;
    }

    /** "QP 0x..." for messages. */
    String name() {
        return name;
    }

    // ---------------------------------------------------------------- identity and attributes

    @Override
    public int qpNum() {
        return qpNum;
    }

    @Override
    public QpAddress address() {
        return address;
    }

    @Override
    public QpState state() {
        return states.state();
    }

    @Override
    public ProtectionDomain pd() {
        return pd;
    }

    @Override
    public QpInit init() {
        return init;
    }

    @Override
    public QpAttributes query() {
        return states.query();
    }

    @Override
    public int outstandingSends() {
        return sendQueue.size();
    }

    /** The QP's access flags (what remote requests may do). */
    Set<AccessFlag> qpAccess() {
        return states.access();
    }

    // ---------------------------------------------------------------- state transitions

    @Override
    public void modify(QpAttributes a) {
        states.requireNotDestroyed("modifyQp");
        switch (a.state()) {
            case RESET -> reset();
            case ERR -> moveToError();
            case INIT, RTR -> states.advance(a);
            case RTS -> {
                states.advance(a);
                requester.ringDoorbell(Math.max(loop.now(), dev.host().now()));
            }
        }
    }

    private void reset() {
        states.reset();
        reliability.newEpoch();
        reliability.reset();
        sendQueue.clear();
        requester.reset();
        receives.clear();
        responder.reset();
    }

    /** CQ overflow or another failure not tied to one WR. */
    void fatal(String reason) {
        if (states.state() != QpState.ERR && states.state() != QpState.RESET && !states.destroyed()) {
            dev.raise(AsyncEventType.QP_FATAL, this, name + ": " + reason);
            moveToError();
        }
    }

    /** ERR: stop, flush every outstanding send and receive with WR_FLUSH_ERR. */
    void moveToError() {
        if (!states.toError()) {
            return;
        }
        reliability.newEpoch();
        requester.stop();
        flushAll();
        if (srq != null) {
            dev.raise(AsyncEventType.QP_LAST_WQE_REACHED, this, name + " in ERR will take no more receives from SRQ "
                    + srq.srqNum());
        }
    }

    /** In ERR: whatever is outstanding completes with WR_FLUSH_ERR. */
    void flushAll() {
        sendQueue.flushOutstanding();
        sendQueue.retire();
        receives.flush();
    }

    @Override
    public void destroy() {
        if (!states.destroy()) {
            return;
        }
        reliability.newEpoch();
        dev.fabric().unregister(this);
        sendCq.detach(this);
        recvCq.detach(this);
        if (srq != null) {
            srq.detach(this);
        }
        dev.qpReleased();
        pd.release();
    }

    // ---------------------------------------------------------------- posting (synchronous checks)

    @Override
    public void postSend(List<? extends WorkRequest.SendRequest> requests) {
        states.requireNotDestroyed("postSend");
        Host host = dev.host();
        long first = sendQueue.tail();
        // By index: an iterator per post was a per-I/O allocation (the lists are List.of or ArrayList, a few long).
        for (int i = 0, n = requests.size(); i < n; i++) {
            addSend(host, requests.get(i));
        }
        ringSendDoorbell(host, first);
    }

    /** The same as posting a list of one, without the list (the ULPs post one WR per I/O). */
    @Override
    public void postSend(WorkRequest.SendRequest request) {
        java.util.Objects.requireNonNull(request, "request");
        states.requireNotDestroyed("postSend");
        Host host = dev.host();
        long first = sendQueue.tail();
        addSend(host, request);
        ringSendDoorbell(host, first);
    }

    private void addSend(Host host, WorkRequest.SendRequest wr) {
        requirePostableSend();
        checks.validate(wr);
        SendWqe w = new SendWqe(wr, wr.signaled() || init.signalAll());
        checks.prepare(w);
        if (host.inTask()) {
            host.charge(wqeBuild.ns());
        }
        sendQueue.add(w);
    }

    /** Rings the doorbell for the WQEs from position {@code first} on: the HCA sees them when it arrives. */
    private void ringSendDoorbell(Host host, long first) {
        if (host.inTask()) {
            host.charge(doorbellMmio.ns());
        }
        // The doorbell leaves when the posting task has paid for building and ringing, and crosses PCIe.
        long rung = Math.max(loop.now(), host.now());
        for (long p = first, end = sendQueue.tail(); p < end; p++) {
            sendQueue.at(p).visibleAt = rung;
        }
        requester.ringDoorbell(dev.dataPath().doorbell(rung));
    }

    private void requirePostableSend() {
        QpState state = states.state();
        if (state != QpState.RTS && state != QpState.ERR) {
            throw new VerbsException(Errno.EINVAL, "postSend: " + name + " is in " + state + "; sends need RTS");
        }
        sendQueue.requireFreeSlot();
    }

    @Override
    public void postRecv(List<WorkRequest.Recv> requests) {
        requirePostableRecv();
        Host host = dev.host();
        for (int i = 0, n = requests.size(); i < n; i++) { // by index, as in postSend
            addRecv(host, requests.get(i));
        }
        flushIfInError(host);
    }

    /** The same as posting a list of one, without the list (a ULP reposts one receive per message). */
    @Override
    public void postRecv(WorkRequest.Recv request) {
        java.util.Objects.requireNonNull(request, "request");
        requirePostableRecv();
        Host host = dev.host();
        addRecv(host, request);
        flushIfInError(host);
    }

    private void requirePostableRecv() {
        states.requireNotDestroyed("postRecv");
        if (srq != null) {
            throw new VerbsException(Errno.EINVAL, "postRecv: " + name + " uses SRQ " + srq.srqNum()
                    + "; post receives to the SRQ");
        }
        if (states.state() == QpState.RESET) {
            throw new VerbsException(Errno.EINVAL, "postRecv: " + name + " is in RESET; receives need INIT, RTR or RTS");
        }
    }

    private void addRecv(Host host, WorkRequest.Recv r) {
        if (r.sgl().size() > init.maxRecvSge()) {
            throw new VerbsException(Errno.EINVAL, "postRecv: " + r.sgl().size() + " SGEs, " + name
                    + " allows " + init.maxRecvSge());
        }
        if (receives.posted() >= init.maxRecvWr()) {
            throw new VerbsException(Errno.ENOMEM, "postRecv: receive queue of " + name + " is full ("
                    + init.maxRecvWr() + " WRs)");
        }
        if (host.inTask()) {
            host.charge(wqeBuild.ns());
        }
        receives.post(r);
    }

    private void flushIfInError(Host host) {
        if (states.state() == QpState.ERR) {
            loop.at(Math.max(loop.now(), host.now()), this, FLUSH_IN_ERROR);
        }
    }

    @Override
    public void onEvent(int op, Object arg) {
        if (op != FLUSH_IN_ERROR) {
            throw EventTarget.unknown(this, op);
        }
        if (states.state() == QpState.ERR) {
            flushAll();
        }
    }

    @Override
    public String toString() {
        return name + "@" + dev + " " + states.state();
    }
}
