package org.hcasim.spi.policy;

import org.hcasim.verbs.ProtectionDomain;

/**
 * How a role makes the memory of its I/Os reachable by the peer. The decision point is per I/O, but the
 * resources it uses (MR pools) belong to one queue, so the policy hands out one {@link QueueRegistration}
 * per queue (connection), created when the queue is set up.
 */
public interface RegistrationPolicy {

    /**
     * The registration of one queue on {@code pd}: allocates what the queue's I/Os will use (e.g. one
     * fast-registration MR per entry, and an integrity MR per entry when {@code needs.integrity()}).
     * Called outside the I/O path; allocating MRs is a firmware command each.
     */
    QueueRegistration forQueue(ProtectionDomain pd, RegistrationNeeds needs);
}
