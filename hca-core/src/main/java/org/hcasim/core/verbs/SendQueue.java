package org.hcasim.core.verbs;

import java.util.Arrays;
import java.util.OptionalInt;
import org.hcasim.core.fault.FaultLedger;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * A QP's send queue: the posted WQEs in order, on a ring addressed by absolute position (the first WQE ever
 * posted is position 0), and the slots they hold. Finished WQEs leave from the head as CQEs in posting order;
 * an unsignaled success frees its slot only together with the next reported completion (as on mlx5), so a
 * queue of only unsignaled WQEs fills up.
 */
final class SendQueue {
    private final SimRdmaDevice dev;
    private final EventLoop loop;
    private final QueuePair qp;
    private final SimCompletionQueue cq;
    private final int maxWr;
    private final String qpName;

    private SendWqe[] ring = new SendWqe[16];
    private long head;
    private long tail;
    private int slotsUsed;
    private int unreclaimed;
    private long lastCqeAt;

    SendQueue(SimRdmaDevice dev, QueuePair qp, SimCompletionQueue cq, int maxWr, String qpName) {
        this.dev = dev;
        this.loop = dev.loop();
        this.qp = qp;
        this.cq = cq;
        this.maxWr = maxWr;
        this.qpName = qpName;
    }

    /** WQEs not yet retired. */
    int size() {
        return (int) (tail - head);
    }

    /** Position of the oldest WQE not yet retired. */
    long head() {
        return head;
    }

    /** Position the next posted WQE gets. */
    long tail() {
        return tail;
    }

    SendWqe at(long position) {
        return ring[(int) position & (ring.length - 1)];
    }

    /** ib_post_send's ENOMEM: every slot is taken (by outstanding WQEs or unsignaled ones not yet reclaimed). */
    void requireFreeSlot() {
        if (slotsUsed >= maxWr) {
            throw new VerbsException(Errno.ENOMEM, "postSend: send queue of " + qpName + " is full (" + maxWr
                    + " WRs; unsignaled WRs free their slot only when a later signaled WR completes)");
        }
    }

    void add(SendWqe w) {
        if (tail - head == ring.length) {
            grow();
        }
        ring[(int) tail & (ring.length - 1)] = w;
        tail++;
        slotsUsed++;
    }

    private void grow() {
        SendWqe[] bigger = new SendWqe[ring.length * 2];
        for (long p = head; p < tail; p++) {
            bigger[(int) p & (bigger.length - 1)] = at(p);
        }
        ring = bigger;
    }

    /** The outstanding WQE that was sent with {@code psn}, or null. */
    SendWqe findByPsn(long psn) {
        for (long p = head; p < tail; p++) {
            SendWqe w = at(p);
            if (w.psn == psn) {
                return w;
            }
        }
        return null;
    }

    /** Position of {@code w}, which must be outstanding. */
    long positionOf(SendWqe w) {
        for (long p = head; p < tail; p++) {
            if (at(p) == w) {
                return p;
            }
        }
        throw new IllegalStateException("WQE is not in the send queue of " + qpName);
    }

    /** Whether an RDMA READ before {@code position} is still outstanding (what a FENCE waits for). */
    boolean readOutstandingBefore(long position) {
        for (long p = head; p < position; p++) {
            SendWqe earlier = at(p);
            if (!earlier.done && earlier.wr instanceof WorkRequest.RdmaRead) {
                return true;
            }
        }
        return false;
    }

    /** QP to ERR: every WQE not finished yet completes with WR_FLUSH_ERR now. */
    void flushOutstanding() {
        long now = loop.now();
        for (long p = head; p < tail; p++) {
            SendWqe w = at(p);
            if (!w.done) {
                w.finish(WcStatus.WR_FLUSH_ERR, 0, now);
            }
        }
    }

    /** QP to RESET: the queue is emptied without completions and every slot is free again. */
    void clear() {
        Arrays.fill(ring, null);
        head = 0;
        tail = 0;
        slotsUsed = 0;
        unreclaimed = 0;
    }

    /**
     * Writes CQEs in posting order for the finished WQEs at the head: signaled ones and every error; an
     * unsignaled success only frees its slot together with the next reported completion. A CQE is written when
     * its WQE is done, after the previous CQE of this queue, and added to the CQ when the write lands.
     */
    void retire() {
        while (head < tail && at(head).done) {
            SendWqe w = at(head);
            ring[(int) head & (ring.length - 1)] = null;
            head++;
            if (w.wireFaults > 0) {
                dev.fabric().faults().ledger().add(w.status == WcStatus.SUCCESS ? FaultLedger.Section.RECOVERED
                        : FaultLedger.Section.FAILED, "packets lost or corrupted, of work that then "
                        + (w.status == WcStatus.SUCCESS ? "succeeded" : "failed"), w.wireFaults);
            }
            boolean report = w.signaled || w.status != WcStatus.SUCCESS;
            if (!report) {
                unreclaimed++;
                continue;
            }
            slotsUsed -= unreclaimed + 1;
            unreclaimed = 0;
            long cqeAt = dev.dataPath().writeCqe(Math.max(Math.max(loop.now(), w.doneAt), lastCqeAt));
            lastCqeAt = cqeAt;
            WorkCompletion wc = new WorkCompletion(w.wr, w.status, opcodeOf(w.wr), w.byteLength,
                    OptionalInt.empty(), OptionalInt.empty(), qp, cqeAt);
            loop.at(cqeAt, cq, SimCompletionQueue.CQE_WRITTEN, wc);
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
}
