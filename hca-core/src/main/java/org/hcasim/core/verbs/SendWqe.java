package org.hcasim.core.verbs;

import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;

/** A posted send-queue WQE and its progress through the requester. */
final class SendWqe {
    final WorkRequest.SendRequest wr;
    final boolean signaled;
    /** Bytes copied into the WQE at post time (INLINE sends); null otherwise. */
    byte[] inlineData;
    /** REG_MR snapshot taken at post time: the mapping to load and the key variant to set. */
    SgMapping regMapping;
    int regVariant;
    int regPageSize;

    /** Packet sequence number, assigned when first transmitted; -1 for local operations. */
    long psn = -1;
    /** A local operation (registration, invalidation) already executed: skipped when re-issuing. */
    boolean executed;
    boolean done;
    WcStatus status;
    long byteLength;
    long doneAt;
    int rnrNaks;
    int timeouts;

    SendWqe(WorkRequest.SendRequest wr, boolean signaled) {
        this.wr = wr;
        this.signaled = signaled;
    }
}
