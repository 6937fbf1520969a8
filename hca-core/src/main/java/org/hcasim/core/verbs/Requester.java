package org.hcasim.core.verbs;

import java.util.OptionalInt;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.EventTarget;
import org.hcasim.core.verbs.mkey.AccessBits;
import org.hcasim.core.verbs.mkey.Mkey;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;

/**
 * The requester of an RC QP: takes the send queue's WQEs in order, one at a time, through the HCA's stages.
 *
 * <ol>
 *   <li><b>doorbell rung</b> (an event): the send engine is idle, so it takes the next WQE (a FENCE waits for
 *       earlier RDMA READs);</li>
 *   <li><b>WQE fetched</b>: a PCIe read of the WQE, unless the CPU wrote it with the doorbell (inline), then the
 *       send engine;</li>
 *   <li><b>registration done</b> (REG_MR, REG_INTEGRITY_MR, LOCAL_INV): the UMR engine, an event when it
 *       finishes; an integrity registration runs a UMR for its inner mkey (none when mapped physically), an
 *       always-inline UMR for the signature mkey, then two SET_PSV passes of the send engine; then the mkey
 *       changes (an event);</li>
 *   <li><b>gathered</b> (SEND, WRITE): the payload's translation and its PCIe read, then (an event) the bytes are
 *       read through the keys;</li>
 *   <li><b>transmitted</b>: the request goes on the wire with a PSN and its ACK timer running
 *       ({@link TransportReliability}); its response completes it.</li>
 * </ol>
 *
 * Stages that only book the hardware's timelines run at once and return when they finish; an event separates
 * stages only where the HCA acts at that later time. The WQE after the current one is taken when the current one
 * has left the last stage. Work of an abandoned epoch (go-back-N, ERR) is ignored when it finishes.
 */
final class Requester implements EventTarget {
    // Operations: the stage in the low bits, the epoch the WQE was issued in above them.
    private static final int DOORBELL = 0;
    private static final int GATHERED = 1;
    private static final int READ_ISSUED = 2;
    private static final int REGISTRATION_DONE = 3;
    private static final int INVALIDATION_DONE = 4;
    private static final int REGISTRATION_UMR_FINISHED = 5;
    private static final int INVALIDATION_UMR_FINISHED = 6;
    private static final int INNER_UMR_FINISHED = 7;
    private static final int SIGNATURE_UMR_FINISHED = 8;
    private static final int STAGE_BITS = 4;
    private static final int STAGE_MASK = (1 << STAGE_BITS) - 1;
    private static final int EPOCH_MASK = -1 >>> STAGE_BITS;

    private final SimQueuePair qp;
    private final SimRdmaDevice dev;
    private final EventLoop loop;
    private final SendQueue sq;
    private final TransportReliability reliability;
    private final int umrInlineMaxBytes;
    /** Position of the next WQE to issue (at least the send queue's head). */
    private long cursor;
    /** A WQE is between its fetch and its last stage. */
    private boolean issuing;

    Requester(SimQueuePair qp, SendQueue sq, TransportReliability reliability) {
        this.qp = qp;
        this.dev = qp.device();
        this.loop = dev.loop();
        this.sq = sq;
        this.reliability = reliability;
        this.umrInlineMaxBytes = dev.hardware().params().umrInlineMaxBytes();
    }

    /** The doorbell reaches the HCA at {@code t} (also: the QP entered RTS, a read landed, a restart is due). */
    void ringDoorbell(long t) {
        loop.at(t, this, DOORBELL);
    }

    /** ERR or RESET: the WQE being issued is abandoned (its epoch is over). */
    void stop() {
        issuing = false;
    }

    /** RESET: the send queue was emptied. */
    void reset() {
        issuing = false;
        cursor = 0;
    }

    /** Go-back-N: issue again from {@code w} at {@code at}. */
    void restartFrom(SendWqe w, long at) {
        issuing = false;
        cursor = sq.positionOf(w);
        ringDoorbell(at);
    }

    @Override
    public void onEvent(int op, Object arg) {
        int epoch = op >>> STAGE_BITS;
        SendWqe w = (SendWqe) arg;
        switch (op & STAGE_MASK) {
            case DOORBELL -> doorbellRung();
            case REGISTRATION_UMR_FINISHED -> afterStage(epoch, loop.now(), REGISTRATION_DONE, w);
            case INVALIDATION_UMR_FINISHED -> afterStage(epoch, loop.now(), INVALIDATION_DONE, w);
            case INNER_UMR_FINISHED -> signatureUmr(loop.now(), w, epoch);
            case SIGNATURE_UMR_FINISHED -> { // SET_PSV for the memory and the wire domain
                HcaDataPath dp = dev.dataPath();
                afterStage(epoch, dp.sendEngine(dp.sendEngine(loop.now(), 0), 0), REGISTRATION_DONE, w);
            }
            case GATHERED, READ_ISSUED, REGISTRATION_DONE, INVALIDATION_DONE -> stageDone(epoch, op & STAGE_MASK, w);
            default -> throw EventTarget.unknown(this, op);
        }
    }

    // ---------------------------------------------------------------- doorbell rung

    /** Issues the next WQEs while the send engine of this QP is idle. */
    private void doorbellRung() {
        if (qp.states().destroyed()) {
            return;
        }
        if (qp.states().state() == QpState.ERR) {
            qp.flushAll();
            return;
        }
        while (qp.states().state() == QpState.RTS && !issuing && Math.max(cursor, sq.head()) < sq.tail()) {
            if (reliability.paused(loop.now())) {
                return;
            }
            cursor = Math.max(cursor, sq.head());
            SendWqe w = sq.at(cursor);
            if (!w.done && !w.executed && w.fenced && sq.readOutstandingBefore(cursor)) {
                return; // fenced: waits until the earlier RDMA READs have completed (rung again then)
            }
            cursor++;
            if (w.done || w.executed) {
                continue;
            }
            fetch(w);
        }
    }

    // ---------------------------------------------------------------- WQE fetched

    private void fetch(SendWqe w) {
        issuing = true;
        HcaDataPath dp = dev.dataPath();
        long fetched = dp.fetchWqe(loop.now(), WqeSizes.wqeBytes(w, umrInlineMaxBytes), w.inline);
        long engine = dp.sendEngine(fetched, w.gatherLength);
        int epoch = reliability.epoch();
        switch (w.wr) {
            case WorkRequest.RegMr r -> dp.umr(engine, WqeSizes.umrListBytes(w), this, op(REGISTRATION_UMR_FINISHED, epoch), w);
            case WorkRequest.RegIntegrityMr r -> {
                if (w.regMapping != null && w.regMapping.piMapping() != PiMapping.PHYSICAL) {
                    dp.umr(engine, WqeSizes.umrListBytes(w), this, op(INNER_UMR_FINISHED, epoch), w);
                } else {
                    signatureUmr(engine, w, epoch); // physical mapping: no inner mkey to load
                }
            }
            case WorkRequest.LocalInvalidate inv -> dp.umr(engine, 0, this, op(INVALIDATION_UMR_FINISHED, epoch), w);
            case WorkRequest.RdmaRead read -> afterStage(epoch, engine, READ_ISSUED, w);
            default -> afterStage(epoch, gatherTiming(w, engine), GATHERED, w);
        }
    }

    // ---------------------------------------------------------------- registration done

    /** mlx5 integrity registration, second UMR: the always-inline one for the signature mkey. */
    private void signatureUmr(long t, SendWqe w, int epoch) {
        dev.dataPath().umr(t, 0, this, op(SIGNATURE_UMR_FINISHED, epoch), w);
    }

    /** The UMR executed: the snapshot taken at post time is loaded into the mkey. */
    private void executeRegistration(SendWqe w) {
        SimMemoryRegion mr = (SimMemoryRegion) (w.wr instanceof WorkRequest.RegMr r ? r.mr()
                : ((WorkRequest.RegIntegrityMr) w.wr).mr());
        Mkey k = mr.mkey();
        w.executed = true;
        if (k.destroyed() || mr.simPd() != qp.simPd()) {
            fail(w, WcStatus.MW_BIND_ERR);
            return;
        }
        if (w.regMapping == null || w.regMapping.mapped() == 0) {
            fail(w, WcStatus.LOC_QP_OP_ERR);
            return;
        }
        if (k.valid()) {
            fail(w, WcStatus.MW_BIND_ERR); // the UMR checks that the mkey is free: invalidate first
            return;
        }
        if (w.wr instanceof WorkRequest.RegIntegrityMr r) {
            k.load(w.regMapping, w.regPageSize, w.regVariant, r.access(), r.signature());
        } else {
            k.load(w.regMapping, w.regPageSize, w.regVariant, ((WorkRequest.RegMr) w.wr).access(), null);
        }
        w.finish(WcStatus.SUCCESS, 0, loop.now());
        sq.retire();
    }

    private void executeInvalidate(SendWqe w, int key) {
        w.executed = true;
        Mkey k = dev.keys().find(key);
        if (k == null || !k.fastRegistration() || k.pd() != qp.simPd()) {
            fail(w, WcStatus.MW_BIND_ERR);
            return;
        }
        k.invalidate();
        w.finish(WcStatus.SUCCESS, 0, loop.now());
        sq.retire();
    }

    // ---------------------------------------------------------------- gathered

    /** When the payload of {@code w} has been translated and DMA-read (at once when the CPU wrote it inline). */
    private long gatherTiming(SendWqe w, long engine) {
        if (w.inline) {
            return engine;
        }
        long translated = engine;
        for (Sge s : w.sgl) {
            translated = Math.max(translated, dev.translated(engine, s.lkey(), s.address(), s.length(), false));
        }
        return dev.dataPath().dmaRead(translated, w.gatherLength);
    }

    private void gatherAndTransmit(SendWqe w) {
        long length = w.gatherLength;
        if (length > dev.attributes().maxMsgSize()) {
            fail(w, WcStatus.LOC_LEN_ERR);
            return;
        }
        byte[] payload;
        if (w.inline) { // the WQE keeps its copy for retransmission; the packet gets its own
            payload = dev.fabric().payloadBuffers().take(w.inlineData.length);
            System.arraycopy(w.inlineData, 0, payload, 0, w.inlineData.length);
        } else {
            for (Sge s : w.sgl) {
                if (!dev.keys().check(s.lkey(), qp.simPd(), s.address(), s.length(), AccessBits.NONE).ok()) {
                    fail(w, WcStatus.LOC_PROT_ERR);
                    return;
                }
            }
            if (w.wr instanceof WorkRequest.RdmaWrite) {
                DmaFaults.beforeGather(dev, w.sgl, length);
            }
            payload = dev.keys().gather(w.sgl, length);
        }
        transmit(w, payload, length);
    }

    // ---------------------------------------------------------------- transmitted

    private void transmit(SendWqe w, byte[] payload, long length) {
        if (w.psn < 0) {
            w.psn = reliability.assignPsn();
        } else {
            reliability.retransmitting();
        }
        long now = loop.now();
        Packet.Request req = request(w, payload, length, now);
        VerbsFabric fabric = dev.fabric();
        SimQueuePair target = fabric.lookup(req.destination());
        if (target == null) {
            fabric.lost(req); // nobody there: the packet is lost, the ACK timer will expire
            fabric.payloadBuffers().give(payload);
            return;
        }
        fabric.send(now, dev, target.device(), req.op() == Packet.Op.READ ? 0 : length, req);
    }

    private Packet.Request request(SendWqe w, byte[] payload, long length, long now) {
        var from = qp.address();
        var to = qp.states().remote();
        int epoch = reliability.epoch();
        long deadline = reliability.ackDeadline(now);
        boolean solicited = w.wr.flags().contains(SendFlag.SOLICITED); // the BTH's SE bit, for SENDs
        return switch (w.wr) {
            case WorkRequest.Send s -> new Packet.Request(from, to, w.psn, epoch, Packet.Op.SEND, payload, length,
                    0, 0, 0, s.immediate(), deadline, solicited);
            case WorkRequest.SendWithInvalidate s -> new Packet.Request(from, to, w.psn, epoch, Packet.Op.SEND_INV,
                    payload, length, 0, 0, s.invalidateRkey(), OptionalInt.empty(), deadline, solicited);
            case WorkRequest.RdmaWrite s -> new Packet.Request(from, to, w.psn, epoch, Packet.Op.WRITE, payload,
                    length, s.remoteAddress(), s.rkey(), 0, OptionalInt.empty(), deadline, false);
            case WorkRequest.RdmaRead s -> new Packet.Request(from, to, w.psn, epoch, Packet.Op.READ, null, length,
                    s.remoteAddress(), s.rkey(), 0, OptionalInt.empty(), deadline, false);
            default -> throw new IllegalStateException("not a network operation: " + w.wr);
        };
    }

    // ---------------------------------------------------------------- responses

    /** An ACK for {@code w}: a WRITE or SEND is done; a READ's data is placed first. */
    void acknowledged(SendWqe w, Packet.Response resp) {
        if (w.wr instanceof WorkRequest.RdmaRead read) {
            placeReadResponse(w, read, resp);
        } else {
            w.finish(WcStatus.SUCCESS, w.gatherLength, loop.now());
            sq.retire();
        }
    }

    private void placeReadResponse(SendWqe w, WorkRequest.RdmaRead read, Packet.Response resp) {
        long now = loop.now();
        long placed = now;
        for (Sge s : read.sgl()) {
            if (!dev.keys().check(s.lkey(), qp.simPd(), s.address(), s.length(), AccessBits.LOCAL_WRITE).ok()) {
                fail(w, WcStatus.LOC_PROT_ERR);
                return;
            }
            placed = Math.max(placed, dev.translated(now, s.lkey(), s.address(), s.length(), true));
        }
        dev.keys().scatter(read.sgl(), resp.readData(), resp.length());
        placed = dev.dataPath().dmaWrite(placed, resp.length());
        w.finish(WcStatus.SUCCESS, resp.length(), placed);
        sq.retire();
        ringDoorbell(placed); // a fenced WQE may wait for this read's data to be placed
    }

    /** The WQE completes in error; the QP goes to ERR and flushes the rest. */
    void fail(SendWqe w, WcStatus status) {
        w.finish(status, 0, loop.now());
        qp.moveToError();
    }

    // ---------------------------------------------------------------- stage plumbing

    /** The stage of {@code w} issued in {@code epoch} finishes at {@code t}: an event then runs {@code stage}. */
    private void afterStage(int epoch, long t, int stage, SendWqe w) {
        loop.at(t, this, op(stage, epoch), w);
    }

    /**
     * Runs {@code stage} of {@code w} unless the QP was rewound or left RTS since it was issued; then the send
     * engine is free for the next WQE.
     */
    private void stageDone(int epoch, int stage, SendWqe w) {
        if (!current(epoch) || !qp.states().sending()) {
            return;
        }
        switch (stage) {
            case GATHERED -> gatherAndTransmit(w);
            case READ_ISSUED -> transmit(w, null, WorkRequest.totalLength(((WorkRequest.RdmaRead) w.wr).sgl()));
            case REGISTRATION_DONE -> executeRegistration(w);
            case INVALIDATION_DONE -> executeInvalidate(w, ((WorkRequest.LocalInvalidate) w.wr).key());
            default -> throw EventTarget.unknown(this, stage);
        }
        if (current(epoch)) {
            issuing = false;
            doorbellRung();
        }
    }

    private static int op(int stage, int epoch) {
        return stage | (epoch << STAGE_BITS);
    }

    /** Whether {@code epoch} (as carried in an operation, modulo 2^28) is the current one. */
    private boolean current(int epoch) {
        return epoch == (reliability.epoch() & EPOCH_MASK);
    }
}
