package org.hcasim.core.verbs;

import java.util.List;
import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;

/** A posted send-queue WQE and its progress through the requester. */
final class SendWqe {
    final WorkRequest.SendRequest wr;
    final boolean signaled;
    /** What the requester asks of the WR on every pass, taken once at post time (the WR is immutable). */
    final List<Sge> sgl;
    final long gatherLength;
    final boolean inline;
    final boolean fenced;
    /** Bytes copied into the WQE at post time (INLINE sends); null otherwise. */
    byte[] inlineData;
    /** REG_MR snapshot taken at post time: the mapping to load and the key variant to set. */
    SgMapping regMapping;
    int regVariant;
    int regPageSize;

    /**
     * When the CPU rang its doorbell (the posting task's stamp): a task's body runs at once and puts its later posts
     * in the queue early, but the HCA knows only the WQEs whose producer index has been written by then, so it may not
     * fetch this one before. WQEs rung by the time the HCA acts on a doorbell are read with it.
     */
    long visibleAt = Long.MIN_VALUE;
    /** Packet sequence number, assigned when first transmitted; -1 for local operations. */
    long psn = -1;
    /** Fetched and gathered in the current epoch, waiting for the WQEs before it to leave. */
    boolean ready;
    /** A local operation (registration, invalidation) already executed: skipped when re-issuing. */
    boolean executed;
    boolean done;
    WcStatus status;
    long byteLength;
    long doneAt;
    int rnrNaks;
    /** Transport retries (ACK timeouts, sequence NAKs), against the QP's retry count. */
    int timeouts;
    /** Packets of its request or response lost or corrupted on the wire (docs/faults.md). */
    int wireFaults;

    SendWqe(WorkRequest.SendRequest wr, boolean signaled) {
        this.wr = wr;
        this.signaled = signaled;
        this.sgl = SendRequestChecks.sglOf(wr);
        this.gatherLength = wr.gatherLength();
        this.inline = wr.flags().contains(SendFlag.INLINE);
        this.fenced = wr.flags().contains(SendFlag.FENCE);
    }

    /** Finished with {@code status} at {@code at}: it retires (as a CQE or silently) once it reaches the head. */
    void finish(WcStatus status, long byteLength, long at) {
        this.done = true;
        this.status = status;
        this.byteLength = byteLength;
        this.doneAt = at;
    }
}
