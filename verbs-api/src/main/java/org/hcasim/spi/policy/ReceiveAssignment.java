package org.hcasim.spi.policy;

import org.hcasim.verbs.SharedReceiveQueue;

/**
 * Which receive queue a QP gets.
 *
 * @param srq        the shared receive queue to create the QP on, or null for a receive queue of its own
 * @param ownEntries receives of its own receive queue (0 with an SRQ)
 */
public record ReceiveAssignment(SharedReceiveQueue srq, int ownEntries) {
    public ReceiveAssignment {
        if (srq != null && ownEntries != 0) {
            throw new IllegalArgumentException("a QP on an SRQ has no receives of its own, not " + ownEntries);
        }
        if (srq == null && ownEntries < 1) {
            throw new IllegalArgumentException("a QP without SRQ needs receives of its own, not " + ownEntries);
        }
    }

    public static ReceiveAssignment shared(SharedReceiveQueue srq) {
        return new ReceiveAssignment(java.util.Objects.requireNonNull(srq, "srq"), 0);
    }

    public static ReceiveAssignment own(int entries) {
        return new ReceiveAssignment(null, entries);
    }

    public boolean shared() {
        return srq != null;
    }
}
