package org.hcasim.core.verbs;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpAddress;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * An RC queue pair: the state machine, the requester (send queue processed in order, go-back-N on RNR NAKs
 * and timeouts, in-order completion) and the responder (receive matching, key checks, data placement).
 */
final class SimQueuePair implements QueuePair {
    private final SimProtectionDomain pd;
    private final SimRdmaDevice dev;
    private final QpInit init;
    private final int qpNum;
    private final QpAddress address;
    private final SimCompletionQueue sendCq;
    private final SimCompletionQueue recvCq;
    private final SimSharedReceiveQueue srq;
    private final EventLoop loop;

    private QpState state = QpState.RESET;
    private Set<AccessFlag> qpAccess = Set.of();
    private QpAddress remote;
    private int minRnrTimer = 12;
    private int timeout = 14;
    private int retryCount = 7;
    private int rnrRetry = 7;
    private boolean destroyed;

    // Requester.
    private final ArrayList<SendWqe> sq = new ArrayList<>();
    private int issueIndex;
    private boolean issuing;
    private int issueEpoch;
    private long pausedUntil;
    private long nextPsn;
    private int slotsUsed;
    private int unreclaimed;
    private long lastSendCqeAt;

    private final Responder responder;
    private final SendRequestChecks checks;

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
        requireRange("maxSendWr", init.maxSendWr(), 1, attrs.maxQpWr());
        if (init.srq() == null) {
            requireRange("maxRecvWr", init.maxRecvWr(), 1, attrs.maxQpWr());
        }
        requireRange("maxSendSge", init.maxSendSge(), 1, attrs.maxSge());
        requireRange("maxRecvSge", init.maxRecvSge(), 1, attrs.maxSge());
        requireRange("maxInlineData", init.maxInlineData(), 0, attrs.maxInlineData());
        this.sendCq = scq;
        this.recvCq = rcq;
        this.srq = (SimSharedReceiveQueue) init.srq();
        this.qpNum = dev.allocateQpNum();
        this.address = new QpAddress(dev.host().name(), dev.name(), qpNum);
        this.loop = dev.loop();
        sendCq.attach(this);
        recvCq.attach(this);
        if (srq != null) {
            srq.attach(this);
        }
        this.responder = new Responder(this);
        this.checks = new SendRequestChecks(dev, init, "QP 0x" + Integer.toHexString(qpNum));
        dev.fabric().register(this);
    }

    void onRequest(Packet.Request req, long sentAt) {
        responder.onRequest(req, sentAt);
    }

    SimProtectionDomain simPd() {
        return pd;
    }

    QpAddress remote() {
        return remote;
    }

    Set<AccessFlag> qpAccess() {
        return qpAccess;
    }

    int minRnrTimer() {
        return minRnrTimer;
    }

    SimSharedReceiveQueue srq() {
        return srq;
    }

    SimCompletionQueue recvCq() {
        return recvCq;
    }

    boolean destroyed() {
        return destroyed;
    }

    private static void requireRange(String what, int value, int min, int max) {
        if (value < min || value > max) {
            throw new VerbsException(Errno.EINVAL, "createQp: " + what + " " + value + " outside " + min + ".." + max);
        }
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
        return state;
    }

    @Override
    public ProtectionDomain pd() {
        return pd;
    }

    SimRdmaDevice device() {
        return dev;
    }

    @Override
    public QpInit init() {
        return init;
    }

    @Override
    public QpAttributes query() {
        return new QpAttributes(state, qpAccess, remote, minRnrTimer, timeout, retryCount, rnrRetry);
    }

    @Override
    public int outstandingSends() {
        return sq.size();
    }

    // ---------------------------------------------------------------- state machine

    @Override
    public void modify(QpAttributes a) {
        requireNotDestroyed("modifyQp");
        QpState to = a.state();
        switch (to) {
            case RESET -> reset();
            case ERR -> moveToError();
            case INIT -> {
                if (state != QpState.RESET && state != QpState.INIT) {
                    throw illegal(to);
                }
                if (a.access() == null && state == QpState.RESET) {
                    throw new VerbsException(Errno.EINVAL, "modifyQp RESET->INIT needs the access flags");
                }
                if (a.access() != null) {
                    AccessRules.requireLocalWriteForRemoteWrite(a.access(), "modifyQp INIT");
                    qpAccess = Set.copyOf(a.access());
                }
                state = QpState.INIT;
            }
            case RTR -> {
                if (state != QpState.INIT) {
                    throw illegal(to);
                }
                if (a.remote() == null) {
                    throw new VerbsException(Errno.EINVAL, "modifyQp INIT->RTR needs the remote QP address");
                }
                if (a.minRnrTimer() >= 0) {
                    requireAttr("minRnrTimer", a.minRnrTimer(), 31);
                    minRnrTimer = a.minRnrTimer();
                }
                remote = a.remote();
                state = QpState.RTR;
            }
            case RTS -> {
                if (state != QpState.RTR && state != QpState.RTS) {
                    throw illegal(to);
                }
                if (a.timeout() >= 0) {
                    requireAttr("timeout", a.timeout(), 31);
                    timeout = a.timeout();
                }
                if (a.retryCount() >= 0) {
                    requireAttr("retryCount", a.retryCount(), 7);
                    retryCount = a.retryCount();
                }
                if (a.rnrRetry() >= 0) {
                    requireAttr("rnrRetry", a.rnrRetry(), 7);
                    rnrRetry = a.rnrRetry();
                }
                state = QpState.RTS;
                loop.at(Math.max(loop.now(), dev.host().now()), this::kick);
            }
        }
    }

    private static void requireAttr(String name, int value, int max) {
        if (value > max) {
            throw new VerbsException(Errno.EINVAL, "modifyQp: " + name + " " + value + " outside 0.." + max);
        }
    }

    private VerbsException illegal(QpState to) {
        return new VerbsException(Errno.EINVAL, "modifyQp: QP 0x" + Integer.toHexString(qpNum)
                + " cannot go from " + state + " to " + to);
    }

    private void requireNotDestroyed(String verb) {
        if (destroyed) {
            throw new VerbsException(Errno.EINVAL, verb + " on destroyed QP 0x" + Integer.toHexString(qpNum));
        }
    }

    private void reset() {
        state = QpState.RESET;
        issueEpoch++;
        issuing = false;
        sq.clear();
        responder.reset();
        issueIndex = 0;
        slotsUsed = 0;
        unreclaimed = 0;
        nextPsn = 0;
        remote = null;
    }

    /** CQ overflow or another failure not tied to one WR. */
    void fatal(String reason) {
        if (state != QpState.ERR && state != QpState.RESET && !destroyed) {
            dev.raise(AsyncEventType.QP_FATAL, this, "QP 0x" + Integer.toHexString(qpNum) + ": " + reason);
            moveToError();
        }
    }

    /** ERR: stop, flush every outstanding send and receive with WR_FLUSH_ERR. */
    void moveToError() {
        if (state == QpState.ERR || destroyed) {
            return;
        }
        state = QpState.ERR;
        issueEpoch++;
        issuing = false;
        flushAll();
        if (srq != null) {
            dev.raise(AsyncEventType.QP_LAST_WQE_REACHED, this, "QP 0x" + Integer.toHexString(qpNum)
                    + " in ERR will take no more receives from SRQ " + srq.srqNum());
        }
    }

    private void flushAll() {
        long now = loop.now();
        for (SendWqe w : sq) {
            if (!w.done) {
                markDone(w, WcStatus.WR_FLUSH_ERR, 0, now);
            }
        }
        retire();
        responder.flushReceives();
    }

    @Override
    public void destroy() {
        if (destroyed) {
            return;
        }
        destroyed = true;
        state = QpState.RESET;
        issueEpoch++;
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
        requireNotDestroyed("postSend");
        Host host = dev.host();
        for (WorkRequest.SendRequest wr : requests) {
            requirePostableSend();
            checks.validate(wr);
            SendWqe w = new SendWqe(wr, wr.signaled() || init.signalAll());
            checks.prepare(w);
            if (host.inTask()) {
                host.charge(host.cpuCosts().ns(CpuCosts.WQE_BUILD));
            }
            sq.add(w);
            slotsUsed++;
        }
        if (host.inTask()) {
            host.charge(host.cpuCosts().ns(CpuCosts.DOORBELL_MMIO));
        }
        // The doorbell leaves when the posting task has paid for building and ringing, and crosses PCIe.
        long rung = dev.dataPath().doorbell(Math.max(loop.now(), host.now()));
        loop.at(rung, this::kick);
    }

    private void requirePostableSend() {
        if (state != QpState.RTS && state != QpState.ERR) {
            throw new VerbsException(Errno.EINVAL, "postSend: QP 0x" + Integer.toHexString(qpNum) + " is in "
                    + state + "; sends need RTS");
        }
        if (slotsUsed >= init.maxSendWr()) {
            throw new VerbsException(Errno.ENOMEM, "postSend: send queue of QP 0x" + Integer.toHexString(qpNum)
                    + " is full (" + init.maxSendWr() + " WRs; unsignaled WRs free their slot only when a later"
                    + " signaled WR completes)");
        }
    }

    @Override
    public void postRecv(List<WorkRequest.Recv> requests) {
        requireNotDestroyed("postRecv");
        if (srq != null) {
            throw new VerbsException(Errno.EINVAL, "postRecv: QP 0x" + Integer.toHexString(qpNum)
                    + " uses SRQ " + srq.srqNum() + "; post receives to the SRQ");
        }
        if (state == QpState.RESET) {
            throw new VerbsException(Errno.EINVAL, "postRecv: QP 0x" + Integer.toHexString(qpNum)
                    + " is in RESET; receives need INIT, RTR or RTS");
        }
        Host host = dev.host();
        for (WorkRequest.Recv r : requests) {
            if (r.sgl().size() > init.maxRecvSge()) {
                throw new VerbsException(Errno.EINVAL, "postRecv: " + r.sgl().size() + " SGEs, QP 0x"
                        + Integer.toHexString(qpNum) + " allows " + init.maxRecvSge());
            }
            if (responder.postedReceives() >= init.maxRecvWr()) {
                throw new VerbsException(Errno.ENOMEM, "postRecv: receive queue of QP 0x"
                        + Integer.toHexString(qpNum) + " is full (" + init.maxRecvWr() + " WRs)");
            }
            if (host.inTask()) {
                host.charge(host.cpuCosts().ns(CpuCosts.WQE_BUILD));
            }
            responder.post(new RecvWqe(r));
        }
        if (state == QpState.ERR) {
            loop.at(Math.max(loop.now(), host.now()), () -> {
                if (state == QpState.ERR) {
                    flushAll();
                }
            });
        }
    }

    // ---------------------------------------------------------------- requester

    /** Issues the next WQE if the send engine of this QP is idle. */
    private void kick() {
        if (destroyed) {
            return;
        }
        if (state == QpState.ERR) {
            flushAll();
            return;
        }
        while (state == QpState.RTS && !issuing && issueIndex < sq.size()) {
            if (loop.now() < pausedUntil) {
                return;
            }
            SendWqe w = sq.get(issueIndex);
            if (!w.done && !w.executed && w.wr.flags().contains(SendFlag.FENCE) && readOutstandingBefore(issueIndex)) {
                return; // fenced: waits until the earlier RDMA READs have completed (kicked again then)
            }
            issueIndex++;
            if (w.done || w.executed) {
                continue;
            }
            issue(w);
        }
    }

    private boolean readOutstandingBefore(int index) {
        for (int i = 0; i < index; i++) {
            SendWqe earlier = sq.get(i);
            if (!earlier.done && earlier.wr instanceof WorkRequest.RdmaRead) {
                return true;
            }
        }
        return false;
    }

    private void issue(SendWqe w) {
        issuing = true;
        HcaDataPath dp = dev.dataPath();
        long t = loop.now();
        boolean byCpu = w.wr.flags().contains(SendFlag.INLINE);
        long fetched = dp.fetchWqe(t, wqeBytes(w), byCpu);
        long engine = dp.sendEngine(fetched, w.wr.gatherLength());
        int epoch = issueEpoch;
        switch (w.wr) {
            case WorkRequest.RegMr r -> dp.umr(engine, umrListBytes(w), done -> afterIssue(epoch, done, () -> executeRegistration(w)));
            case WorkRequest.RegIntegrityMr r -> integrityRegistration(dp, engine, w,
                    done -> afterIssue(epoch, done, () -> executeRegistration(w)));
            case WorkRequest.LocalInvalidate inv -> dp.umr(engine, 0, done -> afterIssue(epoch, done, () -> executeInvalidate(w, inv.key())));
            case WorkRequest.RdmaRead read -> afterIssue(engine, () -> transmit(w, null, WorkRequest.totalLength(read.sgl())));
            default -> {
                long gathered = engine;
                if (!byCpu) {
                    for (Sge s : SendRequestChecks.sglOf(w.wr)) {
                        gathered = Math.max(gathered, dev.translated(engine, s.lkey(), s.address(), s.length(), false));
                    }
                    gathered = dp.dmaRead(gathered, w.wr.gatherLength());
                }
                afterIssue(gathered, () -> gatherAndTransmit(w));
            }
        }
    }

    /** Runs {@code step} at {@code t} unless the QP was rewound or left RTS meanwhile, then issues the next WQE. */
    private void afterIssue(long t, Runnable step) {
        afterIssue(issueEpoch, t, step);
    }

    /** {@link #afterIssue(long, Runnable)} for a WQE issued in {@code epoch} (its stage finished later). */
    private void afterIssue(int epoch, long t, Runnable step) {
        loop.at(t, () -> {
            if (epoch != issueEpoch || state != QpState.RTS || destroyed) {
                return;
            }
            step.run();
            if (epoch == issueEpoch) {
                issuing = false;
                kick();
            }
        });
    }

    /**
     * mlx5 integrity registration: a UMR for the inner MTT/KLM mkey (none for physical mapping), an always-inline
     * UMR for the signature mkey, then SET_PSV for the memory and the wire domain.
     */
    private void integrityRegistration(HcaDataPath dp, long t, SendWqe w, java.util.function.LongConsumer done) {
        boolean inner = w.regMapping != null && w.regMapping.piMapping() != org.hcasim.verbs.PiMapping.PHYSICAL;
        java.util.function.LongConsumer signature = innerDone ->
                dp.umr(innerDone, 0, sigDone -> done.accept(dp.sendEngine(dp.sendEngine(sigDone, 0), 0)));
        if (inner) {
            dp.umr(t, umrListBytes(w), signature);
        } else {
            signature.accept(t);
        }
    }

    private int wqeBytes(SendWqe w) {
        int bytes = switch (w.wr) {
            case WorkRequest.RegMr r -> 128 + registrationInlineBytes(w);
            case WorkRequest.RegIntegrityMr r -> 256 + registrationInlineBytes(w);
            case WorkRequest.LocalInvalidate inv -> 64;
            case WorkRequest.RdmaWrite wr -> 32 + 16 * wr.sgl().size();
            case WorkRequest.RdmaRead rd -> 32 + 16 * rd.sgl().size();
            default -> 16 + 16 * SendRequestChecks.sglOf(w.wr).size();
        };
        return (bytes + 63) & ~63;
    }

    private int umrListBytes(SendWqe w) {
        return w.regMapping == null ? 0 : w.regMapping.umrListBytes();
    }

    private int registrationInlineBytes(SendWqe w) {
        int list = umrListBytes(w);
        return list <= dev.hardware().params().umrInlineMaxBytes() ? list : 16;
    }

    /** UMR done: load the snapshot into the mkey. */
    private void executeRegistration(SendWqe w) {
        SimMemoryRegion mr = (SimMemoryRegion) (w.wr instanceof WorkRequest.RegMr r ? r.mr()
                : ((WorkRequest.RegIntegrityMr) w.wr).mr());
        Mkey k = mr.mkey();
        w.executed = true;
        if (k.destroyed || mr.simPd() != pd) {
            fail(w, WcStatus.MW_BIND_ERR);
            return;
        }
        if (w.regMapping == null || w.regMapping.mapped() == 0) {
            fail(w, WcStatus.LOC_QP_OP_ERR);
            return;
        }
        if (k.valid) {
            fail(w, WcStatus.MW_BIND_ERR); // the UMR checks that the mkey is free: invalidate first
            return;
        }
        k.mapping = w.regMapping;
        k.pageSize = w.regPageSize;
        k.variant = w.regVariant;
        if (w.wr instanceof WorkRequest.RegMr r) {
            k.access = r.access();
        } else if (w.wr instanceof WorkRequest.RegIntegrityMr r) {
            k.access = r.access();
            k.signature = r.signature();
        }
        k.valid = true;
        markDone(w, WcStatus.SUCCESS, 0, loop.now());
        retire();
    }

    private void executeInvalidate(SendWqe w, int key) {
        w.executed = true;
        Mkey k = dev.keys().find(key);
        if (k == null || !k.fastRegistration() || k.pd != pd) {
            fail(w, WcStatus.MW_BIND_ERR);
            return;
        }
        k.valid = false;
        markDone(w, WcStatus.SUCCESS, 0, loop.now());
        retire();
    }

    private void gatherAndTransmit(SendWqe w) {
        long length = w.wr.gatherLength();
        if (length > dev.attributes().maxMsgSize()) {
            fail(w, WcStatus.LOC_LEN_ERR);
            return;
        }
        byte[] payload = w.inlineData;
        if (!w.wr.flags().contains(SendFlag.INLINE)) {
            List<Sge> sgl = SendRequestChecks.sglOf(w.wr);
            for (Sge s : sgl) {
                if (!dev.keys().check(s.lkey(), pd, s.address(), s.length(), Set.of()).ok()) {
                    fail(w, WcStatus.LOC_PROT_ERR);
                    return;
                }
            }
            payload = gather(sgl, length);
        }
        transmit(w, payload, length);
    }

    /** The bytes of the SGL, or null when none is stored (all elided payload): bulk data is not copied. */
    private byte[] gather(List<Sge> sgl, long length) {
        if (sgl.size() == 1 && sgl.get(0).length() == length) {
            Sge only = sgl.get(0);
            return dev.keys().read(only.lkey(), only.address(), only.length()); // a fresh array: no second copy
        }
        byte[][] parts = new byte[sgl.size()][];
        boolean any = false;
        for (int i = 0; i < parts.length; i++) {
            Sge s = sgl.get(i);
            parts[i] = dev.keys().read(s.lkey(), s.address(), s.length());
            any |= parts[i] != null;
        }
        if (!any) {
            return null;
        }
        byte[] out = new byte[(int) length];
        int at = 0;
        for (int i = 0; i < parts.length; i++) {
            if (parts[i] != null) { // an elided part reads as zeros
                System.arraycopy(parts[i], 0, out, at, parts[i].length);
            }
            at += sgl.get(i).length();
        }
        return out;
    }

    private void transmit(SendWqe w, byte[] payload, long length) {
        if (w.psn < 0) {
            w.psn = nextPsn++;
        }
        boolean solicited = w.wr.flags().contains(SendFlag.SOLICITED);
        Packet.Request req = switch (w.wr) {
            case WorkRequest.Send s -> new Packet.Request(this, w.psn, issueEpoch, Packet.Op.SEND, payload, length,
                    0, 0, 0, s.immediate(), solicited);
            case WorkRequest.SendWithInvalidate s -> new Packet.Request(this, w.psn, issueEpoch, Packet.Op.SEND_INV,
                    payload, length, 0, 0, s.invalidateRkey(), OptionalInt.empty(), solicited);
            case WorkRequest.RdmaWrite s -> new Packet.Request(this, w.psn, issueEpoch, Packet.Op.WRITE, payload,
                    length, s.remoteAddress(), s.rkey(), 0, OptionalInt.empty(), false);
            case WorkRequest.RdmaRead s -> new Packet.Request(this, w.psn, issueEpoch, Packet.Op.READ, null, length,
                    s.remoteAddress(), s.rkey(), 0, OptionalInt.empty(), false);
            default -> throw new IllegalStateException("not a network operation: " + w.wr);
        };
        SimQueuePair target = dev.fabric().lookup(remote);
        long now = loop.now();
        if (target == null) {
            noResponse(req, now); // nobody there: the packet is lost, the ACK timer expires
            return;
        }
        long wirePayload = req.op() == Packet.Op.READ ? 0 : length;
        long arrival = dev.fabric().transmit(now, dev, target.dev, wirePayload);
        QpAddress to = remote;
        loop.at(arrival, () -> {
            SimQueuePair t = dev.fabric().lookup(to);
            if (t == null) {
                noResponse(req, now);
            } else {
                t.onRequest(req, now);
            }
        });
    }

    /** A request got no answer: after the local ACK timeout the requester retransmits (go-back-N). */
    void noResponse(Packet.Request req, long sentAt) {
        long wait = IbTimers.ackTimeoutNs(timeout);
        if (wait == Long.MAX_VALUE) {
            return; // timeout 0: wait forever
        }
        int epoch = req.sourceEpoch();
        loop.at(sentAt + wait, () -> {
            if (epoch != issueEpoch || state != QpState.RTS || destroyed) {
                return;
            }
            SendWqe w = findByPsn(req.psn());
            if (w == null || w.done) {
                return;
            }
            w.timeouts++;
            if (w.timeouts > retryCount) {
                fail(w, WcStatus.RETRY_EXC_ERR);
            } else {
                rewind(w, loop.now());
            }
        });
    }

    private SendWqe findByPsn(long psn) {
        for (SendWqe w : sq) {
            if (w.psn == psn) {
                return w;
            }
        }
        return null;
    }

    /** Go back to {@code w}: it and every later network WQE are sent again from {@code at}. */
    private void rewind(SendWqe w, long at) {
        issueEpoch++;
        issuing = false;
        issueIndex = sq.indexOf(w);
        pausedUntil = at;
        loop.at(at, this::kick);
    }

    void onResponse(Packet.Response resp, int epoch) {
        if (destroyed || state != QpState.RTS) {
            return;
        }
        SendWqe w = findByPsn(resp.psn());
        if (w == null || w.done) {
            return;
        }
        switch (resp.kind()) {
            case ACK -> {
                if (w.wr instanceof WorkRequest.RdmaRead read) {
                    completeRead(w, read, resp);
                } else {
                    markDone(w, WcStatus.SUCCESS, w.wr.gatherLength(), loop.now());
                    retire();
                }
            }
            case RNR_NAK -> {
                w.rnrNaks++;
                if (rnrRetry != 7 && w.rnrNaks > rnrRetry) {
                    fail(w, WcStatus.RNR_RETRY_EXC_ERR);
                } else {
                    rewind(w, loop.now() + IbTimers.rnrTimerNs(resp.rnrTimer()));
                }
            }
            case NAK -> fail(w, resp.nakStatus());
        }
    }

    private void completeRead(SendWqe w, WorkRequest.RdmaRead read, Packet.Response resp) {
        HcaDataPath dp = dev.dataPath();
        long now = loop.now();
        long placed = now;
        for (Sge s : read.sgl()) {
            if (!dev.keys().check(s.lkey(), pd, s.address(), s.length(), Set.of(AccessFlag.LOCAL_WRITE)).ok()) {
                fail(w, WcStatus.LOC_PROT_ERR);
                return;
            }
            placed = Math.max(placed, dev.translated(now, s.lkey(), s.address(), s.length(), true));
        }
        dev.keys().scatter(read.sgl(), resp.readData(), resp.length());
        placed = dp.dmaWrite(placed, resp.length());
        markDone(w, WcStatus.SUCCESS, resp.length(), placed);
        retire();
        loop.at(placed, this::kick); // a fenced WQE may wait for this read's data to be placed
    }

    /** The WQE completes in error; the QP goes to ERR and flushes the rest. */
    private void fail(SendWqe w, WcStatus status) {
        markDone(w, status, 0, loop.now());
        moveToError();
    }

    private void markDone(SendWqe w, WcStatus status, long byteLength, long at) {
        w.done = true;
        w.status = status;
        w.byteLength = byteLength;
        w.doneAt = at;
    }

    /**
     * Writes CQEs in posting order for the finished WQEs at the head: signaled ones and every error; an
     * unsignaled success only frees its slot together with the next reported completion.
     */
    private void retire() {
        while (!sq.isEmpty() && sq.get(0).done) {
            SendWqe w = sq.remove(0);
            if (issueIndex > 0) {
                issueIndex--;
            }
            boolean report = w.signaled || w.status != WcStatus.SUCCESS;
            if (!report) {
                unreclaimed++;
                continue;
            }
            slotsUsed -= unreclaimed + 1;
            unreclaimed = 0;
            long cqeAt = dev.dataPath().writeCqe(Math.max(Math.max(loop.now(), w.doneAt), lastSendCqeAt));
            lastSendCqeAt = cqeAt;
            WorkCompletion wc = new WorkCompletion(w.wr, w.status, opcodeOf(w.wr), w.byteLength,
                    OptionalInt.empty(), OptionalInt.empty(), this, cqeAt);
            loop.at(cqeAt, () -> sendCq.add(wc));
        }
    }

    private static WcOpcode opcodeOf(WorkRequest.SendRequest wr) {
        return switch (wr) {
            case WorkRequest.Send s -> WcOpcode.SEND;
            case WorkRequest.SendWithInvalidate s -> WcOpcode.SEND;
            case WorkRequest.RdmaWrite s -> WcOpcode.RDMA_WRITE;
            case WorkRequest.RdmaRead s -> WcOpcode.RDMA_READ;
            case WorkRequest.RegMr s -> WcOpcode.REG_MR;
            case WorkRequest.RegIntegrityMr s -> WcOpcode.REG_MR;
            case WorkRequest.LocalInvalidate s -> WcOpcode.LOCAL_INV;
        };
    }

    @Override
    public String toString() {
        return "QP 0x" + Integer.toHexString(qpNum) + "@" + dev + " " + state;
    }
}
