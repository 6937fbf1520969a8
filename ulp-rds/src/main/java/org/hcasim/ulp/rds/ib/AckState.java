package org.hcasim.ulp.rds.ib;

/**
 * What one connection owes its peer in acknowledgements (rds_ib_set_ack, rds_ib_piggyb_ack, IB_ACK_REQUESTED,
 * IB_ACK_IN_FLIGHT): the highest sequence number received whole, whether the peer asked for an explicit ACK,
 * and whether our one bare ACK is on its way. Every outgoing header carries the number (piggy-backing, which
 * also satisfies a request); the receive tasklet sends a bare ACK for a request nothing carried, one at a time.
 */
final class AckState {
    private final OwnedLines line;
    private long next;
    private boolean requested;
    private boolean inFlight;
    private long piggybacked;
    private long bare;
    private long delayed;

    /** @param line i_ack_flags and i_ack_next, touched by every method here */
    AckState(OwnedLines line) {
        this.line = line;
    }

    /** After a receive pass: {@code sequence} received whole; {@code ackRequired} if a message asked for an ACK. */
    void received(long sequence, boolean ackRequired) {
        line.touch();
        next = Math.max(next, sequence);
        if (ackRequired) {
            requested = true;
        }
    }

    /** Flow control owes the peer credits: ask for a (bare) ACK to carry them. */
    void request() {
        line.touch();
        requested = true;
    }

    /** The ack for an outgoing header (rds_ib_piggyb_ack): it satisfies an outstanding request. */
    long piggyback() {
        line.touch();
        if (requested) {
            requested = false;
            piggybacked++;
        }
        return next;
    }

    /** Whether a bare ACK should be sent now; counts the delay when one is already in flight. */
    boolean bareAckDue() {
        line.touch();
        if (!requested) {
            return false;
        }
        if (inFlight) {
            delayed++;
            return false;
        }
        return true;
    }

    /** A bare ACK for {@link #next()} is posted. */
    long sendBare() {
        line.touch();
        requested = false;
        inFlight = true;
        bare++;
        return next;
    }

    /** The bare ACK's send completed. */
    void bareAckCompleted() {
        line.touch();
        inFlight = false;
    }

    long next() {
        return next;
    }

    long piggybackedCount() {
        return piggybacked;
    }

    long bareCount() {
        return bare;
    }

    long delayedCount() {
        return delayed;
    }
}
