package org.hcasim.spi.policy;

import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.WorkRequest;

/**
 * What a target port needs from its receive queues.
 *
 * @param srqSize     receives per shared receive queue (nvmet-rdma srq_size, srpt srq_size)
 * @param recvSges    SGEs of one receive
 * @param bufferBytes bytes of receive buffer one posted receive holds (command capsule plus in-capsule data)
 * @param receives    makes one receive (its buffer and completion callback) for a shared receive queue
 */
public record ReceiveNeeds(int srqSize, int recvSges, long bufferBytes, ReceiveFactory receives) {

    /** Builds the receives a policy posts on the SRQs it creates; the ULP owns their buffers. */
    @FunctionalInterface
    public interface ReceiveFactory {
        WorkRequest.Recv newReceive(SharedReceiveQueue srq);
    }

    public ReceiveNeeds {
        if (srqSize < 1 || recvSges < 1 || bufferBytes < 1) {
            throw new IllegalArgumentException("receive needs: SRQ size " + srqSize + ", SGEs " + recvSges
                    + ", buffer bytes " + bufferBytes + " (each >= 1)");
        }
        java.util.Objects.requireNonNull(receives, "receives");
    }
}
