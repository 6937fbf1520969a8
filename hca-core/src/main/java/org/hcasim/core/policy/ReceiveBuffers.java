package org.hcasim.core.policy;

import java.util.List;
import org.hcasim.spi.policy.PortReceiveQueues;
import org.hcasim.spi.policy.ReceiveAssignment;
import org.hcasim.spi.policy.ReceiveNeeds;
import org.hcasim.verbs.SharedReceiveQueue;

/**
 * The receive queues of one port and the receive-buffer memory they commit: the SRQs' receives (size x buffer
 * each), plus the receives of every live QP that has its own receive queue. The policies differ only in which
 * SRQs they create and which one a QP gets ({@link #srqFor}).
 */
abstract class ReceiveBuffers implements PortReceiveQueues {
    private final ReceiveNeeds needs;
    private final List<SharedReceiveQueue> srqs;
    private long ownReceives;

    ReceiveBuffers(ReceiveNeeds needs, List<SharedReceiveQueue> srqs) {
        this.needs = needs;
        this.srqs = List.copyOf(srqs);
        for (SharedReceiveQueue srq : this.srqs) {
            fill(srq, needs);
        }
    }

    /** Posts the SRQ's receives, one at a time as the target drivers do in their set-up loop. */
    private static void fill(SharedReceiveQueue srq, ReceiveNeeds needs) {
        for (int i = 0; i < needs.srqSize(); i++) {
            srq.postRecv(needs.receives().newReceive(srq));
        }
    }

    /** The SRQ a QP on {@code compVector} shares, or null when QPs have their own receive queues. */
    abstract SharedReceiveQueue srqFor(int compVector);

    @Override
    public final ReceiveAssignment assign(int compVector, int ownEntries) {
        SharedReceiveQueue srq = srqFor(compVector);
        if (srq != null) {
            return ReceiveAssignment.shared(srq);
        }
        ownReceives += ownEntries;
        return ReceiveAssignment.own(ownEntries);
    }

    @Override
    public final void release(ReceiveAssignment assignment) {
        ownReceives -= assignment.ownEntries();
    }

    @Override
    public final long committedBytes() {
        return ((long) srqs.size() * needs.srqSize() + ownReceives) * needs.bufferBytes();
    }

    @Override
    public final List<SharedReceiveQueue> srqs() {
        return srqs;
    }
}
