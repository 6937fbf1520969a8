package org.hcasim.spi.policy;

import java.util.List;
import org.hcasim.verbs.SharedReceiveQueue;

/** The receive queues of one target port, as an {@link SrqPolicy} set them up. */
public interface PortReceiveQueues {

    /**
     * The receive side of a new QP on completion vector {@code compVector} that would have
     * {@code ownEntries} receives of its own without an SRQ. With an SRQ the QP is created on it; without,
     * the ULP creates the QP with its own receive queue and posts {@code ownEntries} receives itself.
     */
    ReceiveAssignment assign(int compVector, int ownEntries);

    /** The QP of {@code assignment} is destroyed: its own receive buffers are no longer committed. */
    void release(ReceiveAssignment assignment);

    /** Receive-buffer memory committed now, in bytes: every posted or postable receive times its buffer. */
    long committedBytes();

    /** The shared receive queues of the port (empty without SRQ). */
    List<SharedReceiveQueue> srqs();
}
