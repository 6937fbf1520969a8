package org.hcasim.verbs;

import java.util.List;

/**
 * An RC queue pair. Posting validates synchronously (state, queue depth, SGE count, inline size) and
 * throws {@link VerbsException}; everything the HCA checks later (keys, bounds, access, PD, receive
 * size, remote state) ends as a {@link WorkCompletion} with an error status, moves the QP to ERR and
 * flushes every outstanding WR with WR_FLUSH_ERR.
 */
public interface QueuePair {
    int qpNum();

    QpAddress address();

    QpState state();

    ProtectionDomain pd();

    QpInit init();

    /** Current attributes (state, remote, timers, retry counts). */
    QpAttributes query();

    /** ib_modify_qp; an illegal transition or missing attribute fails with EINVAL. */
    void modify(QpAttributes attributes);

    /** ib_post_send: the list is validated up to the first bad WR, which fails with all later ones unposted. */
    void postSend(List<? extends WorkRequest.SendRequest> requests);

    default void postSend(WorkRequest.SendRequest request) {
        postSend(List.of(request));
    }

    /** ib_post_recv; with an SRQ attached it fails with EINVAL (post to the SRQ). */
    void postRecv(List<WorkRequest.Recv> requests);

    default void postRecv(WorkRequest.Recv request) {
        postRecv(List.of(request));
    }

    /** Send WRs posted and not yet completed (signaled or not). */
    int outstandingSends();

    /** ib_destroy_qp. */
    void destroy();
}
