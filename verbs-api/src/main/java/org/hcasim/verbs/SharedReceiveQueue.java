package org.hcasim.verbs;

import java.util.List;

/** A receive queue shared by many QPs of one PD. Incoming SENDs take its receives in posting order. */
public interface SharedReceiveQueue {
    int srqNum();

    ProtectionDomain pd();

    SrqInit init();

    /** ib_post_srq_recv; a full SRQ or too many SGEs fails with ENOMEM/EINVAL. */
    void postRecv(List<WorkRequest.Recv> requests);

    default void postRecv(WorkRequest.Recv request) {
        postRecv(List.of(request));
    }

    /** Receives posted and not yet consumed. */
    int available();

    /** ib_modify_srq(IB_SRQ_LIMIT): arms the limit event; 0 disarms. */
    void armLimit(int limit);

    /** ib_destroy_srq; fails with EBUSY while QPs use it. */
    void destroy();
}
