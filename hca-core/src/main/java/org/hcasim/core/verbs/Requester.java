package org.hcasim.core.verbs;

import java.util.List;
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
 * The requester of an RC QP: takes the send queue's WQEs in order through the HCA's stages, several at a time.
 *
 * <ol>
 *   <li><b>doorbell rung</b> (an event): the requester issues WQEs while fewer than
 *       {@code hca.send.wqes-in-flight-per-qp} of this QP are between fetch and transmission (a FENCE waits for
 *       earlier RDMA READs; a registration waits until every WQE before it has left, and what follows it waits for
 *       it);</li>
 *   <li><b>WQE fetched</b>: one PCIe read brings the chain of WQEs posted since the last read, up to
 *       {@code hca.send.prefetch-basic-blocks} basic blocks (none for a WQE the CPU wrote with the doorbell), then the
 *       send engine, whose units all QPs share;</li>
 *   <li><b>registration done</b> (REG_MR, REG_INTEGRITY_MR, LOCAL_INV): the UMR engine, an event when it
 *       finishes; an integrity registration runs a UMR for its inner mkey (none when mapped physically), an
 *       always-inline UMR for the signature mkey, then two SET_PSV passes of the send engine; then the mkey
 *       changes (an event);</li>
 *   <li><b>ready</b> (SEND, WRITE: the payload's translation and its PCIe read; READ: the send engine): an event;
 *       the gathers of the WQEs in flight overlap and may finish in any order;</li>
 *   <li><b>transmitted</b>, in posting order: a WQE leaves when it and every WQE before it are ready and the QP has
 *       its turn at the port (<b>port turn</b>, an event: the port takes one message of each QP with work in turn, so
 *       a QP hands it the next message only once its previous one has left; docs/decisions.md, "transmit
 *       arbitration"); its bytes are read through the keys then, and the request goes on the wire with the next PSN
 *       and its ACK timer running ({@link TransportReliability}); its response completes it.</li>
 * </ol>
 *
 * Stages that only book the hardware's timelines run at once and return when they finish; an event separates
 * stages only where the HCA acts at that later time. Work of an abandoned epoch (go-back-N, ERR) is ignored when it
 * finishes.
 *
 * <p>Over 400 lines on purpose: each stage is a named method above, and they share the WQEs in flight and the epoch;
 * transport reliability, the send queue and the state machine are classes of their own.
 */
final class Requester implements EventTarget {
    // Operations: the stage in the low bits, the epoch the WQE was issued in above them.
    private static final int DOORBELL = 0;
    private static final int READY = 1;
    private static final int REGISTRATION_DONE = 3;
    private static final int INVALIDATION_DONE = 4;
    private static final int REGISTRATION_UMR_FINISHED = 5;
    private static final int INVALIDATION_UMR_FINISHED = 6;
    private static final int INNER_UMR_FINISHED = 7;
    private static final int SIGNATURE_UMR_FINISHED = 8;
    private static final int PORT_TURN = 9;
    private static final int STAGE_BITS = 4;
    private static final int STAGE_MASK = (1 << STAGE_BITS) - 1;
    private static final int EPOCH_MASK = -1 >>> STAGE_BITS;

    private final SimQueuePair qp;
    private final SimRdmaDevice dev;
    private final EventLoop loop;
    private final SendQueue sq;
    private final TransportReliability reliability;
    private final int umrInlineMaxBytes;
    private final int prefetchBytes;
    private final int maxInFlight;
    /** Position of the next WQE to issue (at least the send queue's head). */
    private long cursor;
    /** Position of the next WQE to transmit: those in [sent, cursor) are issued and not yet transmitted. */
    private long sent;
    /** Network WQEs issued and not yet transmitted. */
    private int inFlight;
    /** A registration or invalidation is executing: nothing else is issued meanwhile. */
    private boolean localOp;
    /** The WQEs before this position have been read by the last chain fetch, which lands at {@link #prefetchLands}. */
    private long prefetchedUntil;
    private long prefetchLands;
    /** PCIe reads of WQEs this requester has made. */
    private long wqeReads;
    /** When this QP's last message left the port: its next one joins the port's round of QPs then. */
    private long portTurnAt = Long.MIN_VALUE;
    /** A {@link #PORT_TURN} event of the current epoch is due. */
    private boolean portTurnDue;

    Requester(SimQueuePair qp, SendQueue sq, TransportReliability reliability) {
        this.qp = qp;
        this.dev = qp.device();
        this.loop = dev.loop();
        this.sq = sq;
        this.reliability = reliability;
        var params = dev.hardware().params();
        this.umrInlineMaxBytes = params.umrInlineMaxBytes();
        this.prefetchBytes = params.sendPipeline().prefetchBasicBlocks() * params.wqeBasicBlockBytes();
        this.maxInFlight = params.sendPipeline().wqesInFlightPerQp();
    }

    /** The doorbell reaches the HCA at {@code t} (also: the QP entered RTS, a read landed, a restart is due). */
    void ringDoorbell(long t) {
        loop.at(t, this, DOORBELL);
    }

    /** ERR or RESET: the WQEs being issued are abandoned (their epoch is over). */
    void stop() {
        inFlight = 0;
        localOp = false;
        portTurnDue = false;
    }

    /** RESET: the send queue was emptied. */
    void reset() {
        stop();
        cursor = 0;
        sent = 0;
        prefetchedUntil = 0;
    }

    /** Go-back-N: issue again from {@code w} at {@code at} (its WQEs are read again). */
    void restartFrom(SendWqe w, long at) {
        stop();
        cursor = sq.positionOf(w);
        sent = cursor;
        prefetchedUntil = cursor;
        for (long p = cursor; p < sq.tail(); p++) {
            sq.at(p).ready = false;
        }
        ringDoorbell(at);
    }

    /** Network WQEs of this QP issued and not yet transmitted (at most {@code hca.send.wqes-in-flight-per-qp}). */
    int inFlight() {
        return inFlight;
    }

    /** PCIe reads of WQEs so far (one per chain read). */
    long wqeReads() {
        return wqeReads;
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
            case READY -> ready(epoch, w);
            case PORT_TURN -> portTurn(epoch);
            case REGISTRATION_DONE, INVALIDATION_DONE -> stageDone(epoch, op & STAGE_MASK, w);
            default -> throw EventTarget.unknown(this, op);
        }
    }

    // ---------------------------------------------------------------- doorbell rung

    /** Issues the next WQEs while this QP has room in the send pipeline. */
    private void doorbellRung() {
        if (qp.states().destroyed()) {
            return;
        }
        if (qp.states().state() == QpState.ERR) {
            qp.flushAll();
            return;
        }
        while (qp.states().state() == QpState.RTS && !localOp && inFlight < maxInFlight
                && Math.max(cursor, sq.head()) < sq.tail()) {
            if (reliability.paused(loop.now())) {
                return;
            }
            cursor = Math.max(cursor, sq.head());
            SendWqe w = sq.at(cursor);
            if (w.done || w.executed) {
                cursor++;
                continue;
            }
            if (w.visibleAt > loop.now()) {
                return; // rung later by the task that posted the ones before: its own doorbell brings it
            }
            if (w.fenced && sq.readOutstandingBefore(cursor)) {
                return; // fenced: waits until the earlier RDMA READs have completed (rung again then)
            }
            boolean local = local(w.wr);
            if (local && inFlight > 0) {
                return; // a registration waits until the WQEs before it have left (rung again then)
            }
            long fetched = fetched(w);
            cursor++;
            if (local) {
                localOp = true;
                issueLocal(w, fetched);
            } else {
                inFlight++;
                issueNetwork(w, fetched);
            }
        }
    }

    // ---------------------------------------------------------------- WQE fetched

    /**
     * When {@code w} (at {@link #cursor}) is in the HCA: at once when the CPU wrote it with the doorbell; else with
     * the chain read that brought it, or a new read of the chain from it: the WQEs posted after it, up to the
     * prefetch size.
     */
    private long fetched(SendWqe w) {
        if (w.inline) {
            return loop.now();
        }
        if (cursor < prefetchedUntil) {
            return Math.max(loop.now(), prefetchLands);
        }
        int bytes = WqeSizes.wqeBytes(w, umrInlineMaxBytes);
        long end = cursor + 1;
        while (end < sq.tail() && !sq.at(end).inline && sq.at(end).visibleAt <= loop.now()) {
            int next = WqeSizes.wqeBytes(sq.at(end), umrInlineMaxBytes);
            if (bytes + next > prefetchBytes) {
                break;
            }
            bytes += next;
            end++;
        }
        prefetchedUntil = end;
        wqeReads++;
        prefetchLands = dev.dataPath().fetchWqe(loop.now(), bytes, false);
        return prefetchLands;
    }

    private void issueNetwork(SendWqe w, long fetched) {
        long engine = dev.dataPath().sendEngine(fetched, w.gatherLength);
        long ready = w.wr instanceof WorkRequest.RdmaRead ? engine : gatherTiming(w, engine);
        afterStage(reliability.epoch(), ready, READY, w);
    }

    private void issueLocal(SendWqe w, long fetched) {
        HcaDataPath dp = dev.dataPath();
        long engine = dp.sendEngine(fetched, 0);
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
            default -> throw new IllegalStateException("not a local operation: " + w.wr);
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

    // ---------------------------------------------------------------- ready, transmitted in order

    /** {@code w} (issued in {@code epoch}) is ready to leave: it and what is ready behind it go, in order. */
    private void ready(int epoch, SendWqe w) {
        if (!current(epoch) || !qp.states().sending()) {
            return;
        }
        w.ready = true;
        transmitReady(epoch);
    }

    /** This QP's turn at the port has come (its last message has left): what is ready goes on. */
    private void portTurn(int epoch) {
        if (!current(epoch)) {
            return; // a turn awaited before a rewind: the rewound epoch awaits its own
        }
        portTurnDue = false;
        if (qp.states().sending()) {
            transmitReady(epoch);
        }
    }

    /** Transmits the ready WQEs from {@link #sent} in order while the QP has its turn at the port. */
    private void transmitReady(int epoch) {
        sent = Math.max(sent, sq.head());
        while (sent < cursor) {
            SendWqe next = sq.at(sent);
            if (!next.done && !next.executed) {
                if (!next.ready) {
                    return; // an earlier WQE is still gathering: the packets leave in PSN order
                }
                if (portTurnAt > loop.now()) {
                    awaitPortTurn(epoch);
                    return; // the previous message is still leaving: the other QPs' messages go first
                }
                next.ready = false;
                inFlight--;
                if (next.wr instanceof WorkRequest.RdmaRead read) {
                    transmit(next, null, WorkRequest.totalLength(read.sgl()));
                } else {
                    gatherAndTransmit(next);
                }
                if (!current(epoch) || !qp.states().sending()) {
                    return; // it failed: the QP went to ERR
                }
            }
            sent++;
        }
        doorbellRung();
    }

    private void awaitPortTurn(int epoch) {
        if (!portTurnDue) {
            portTurnDue = true;
            loop.at(portTurnAt, this, op(PORT_TURN, epoch));
        }
    }

    /** When the payload of {@code w} has been translated and DMA-read (at once when the CPU wrote it inline). */
    private long gatherTiming(SendWqe w, long engine) {
        if (w.inline) {
            return engine;
        }
        long translated = engine;
        List<Sge> sgl = w.sgl;
        for (int i = 0; i < sgl.size(); i++) { // by index: the list's iterator was an allocation per WQE
            Sge s = sgl.get(i);
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
        portTurnAt = fabric.send(now, dev, target.device(), req.op() == Packet.Op.READ ? 0 : length, req);
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
     * Runs the last {@code stage} of the registration or invalidation {@code w} unless the QP was rewound or left RTS
     * since it was issued; then the WQEs after it may be issued.
     */
    private void stageDone(int epoch, int stage, SendWqe w) {
        if (!current(epoch) || !qp.states().sending()) {
            return;
        }
        switch (stage) {
            case REGISTRATION_DONE -> executeRegistration(w);
            case INVALIDATION_DONE -> executeInvalidate(w, ((WorkRequest.LocalInvalidate) w.wr).key());
            default -> throw EventTarget.unknown(this, stage);
        }
        if (current(epoch)) {
            localOp = false;
            sent = Math.max(sent, cursor);
            doorbellRung();
        }
    }

    /** Registrations and invalidations: executed by the HCA itself, nothing goes on the wire. */
    private static boolean local(WorkRequest.SendRequest wr) {
        return wr instanceof WorkRequest.RegMr || wr instanceof WorkRequest.RegIntegrityMr
                || wr instanceof WorkRequest.LocalInvalidate;
    }

    private static int op(int stage, int epoch) {
        return stage | (epoch << STAGE_BITS);
    }

    /** Whether {@code epoch} (as carried in an operation, modulo 2^28) is the current one. */
    private boolean current(int epoch) {
        return epoch == (reliability.epoch() & EPOCH_MASK);
    }
}
