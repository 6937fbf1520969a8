package org.hcasim.core.verbs;

import java.util.ArrayDeque;
import java.util.OptionalInt;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * Where a QP's incoming SENDs find their buffers: its own receive queue, or the SRQ it was created with; and the
 * receive CQEs, written in order on the QP's receive CQ.
 */
final class ReceiveQueue {
    private final SimRdmaDevice dev;
    private final EventLoop loop;
    private final QueuePair qp;
    private final SimCompletionQueue cq;
    private final SimSharedReceiveQueue srq;
    private final ArrayDeque<WorkRequest.Recv> own = new ArrayDeque<>();
    private long lastCqeAt;

    ReceiveQueue(SimRdmaDevice dev, QueuePair qp, SimCompletionQueue cq, SimSharedReceiveQueue srq) {
        this.dev = dev;
        this.loop = dev.loop();
        this.qp = qp;
        this.cq = cq;
        this.srq = srq;
    }

    void post(WorkRequest.Recv r) {
        own.add(r);
    }

    /** Receives posted to the QP's own queue and not yet consumed. */
    int posted() {
        return own.size();
    }

    /** The oldest receive for an incoming SEND, or null when none is posted (the sender gets an RNR NAK). */
    WorkRequest.Recv take() {
        return srq != null ? srq.take() : own.poll();
    }

    /** QP to ERR: every receive of the own queue completes with WR_FLUSH_ERR (an SRQ's stay for other QPs). */
    void flush() {
        long now = loop.now();
        while (!own.isEmpty()) {
            complete(own.poll(), WcStatus.WR_FLUSH_ERR, 0, OptionalInt.empty(), OptionalInt.empty(), now);
        }
    }

    /** QP to RESET: receives are discarded without completions. */
    void clear() {
        own.clear();
    }

    /**
     * Writes the CQE of {@code r}, done at {@code doneAt}: after the previous receive CQE of this QP, added to
     * the CQ when the write lands.
     */
    void complete(WorkRequest.Recv r, WcStatus status, long length, OptionalInt invalidated, OptionalInt immediate,
                  long doneAt) {
        complete(r, status, length, invalidated, immediate, doneAt, false);
    }

    /** As above; {@code solicited}: the SEND asked for a solicited event, which a CQ armed solicited-only waits for. */
    void complete(WorkRequest.Recv r, WcStatus status, long length, OptionalInt invalidated, OptionalInt immediate,
                  long doneAt, boolean solicited) {
        long cqeAt = dev.dataPath().writeCqe(Math.max(Math.max(doneAt, loop.now()), lastCqeAt));
        lastCqeAt = cqeAt;
        WorkCompletion wc = new WorkCompletion(r, status, WcOpcode.RECV, length, invalidated, immediate, qp, cqeAt);
        loop.at(cqeAt, cq, solicited ? SimCompletionQueue.SOLICITED_CQE_WRITTEN : SimCompletionQueue.CQE_WRITTEN, wc);
    }
}
