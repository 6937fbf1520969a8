package org.hcasim.core.verbs;

/**
 * The HCA's side of one shared receive queue's WQEs, a linked list ({@code mlx5_wqe_srq_next_seg}: each WQE holds
 * the index of the next): the HCA keeps up to {@code depth} of the next WQEs on chip, read ahead by following the
 * list. The address of a WQE is known only once the one before it has arrived, so the reads of one SRQ follow each
 * other: the next read's address is the next index the HCA finds in the WQE it read, usable once it has processed
 * that WQE ({@code parseNs}: checking it and moving the SRQ context's head to that index). So one SRQ's reads are a
 * round trip plus that processing apart: a burst of up to {@code depth} receives finds its WQEs waiting, a longer run
 * goes at one receive per round trip and processing. A receive whose WQE has not arrived waits for it, and the port's in-order
 * receive pipeline with it. The HCA reads only WQEs that are posted.
 *
 * <p>The reads are booked when a receive takes a WQE (they refill what it took), not as background events: the
 * first read of a refill issues when both the receive has taken its WQE and the last WQE read has arrived.
 */
final class SrqWqeChain {
    private final int wqeBytes;
    private final long parseNs;
    /** Arrival times of the WQEs on chip or on their way, oldest first (a ring of {@code depth}). */
    private final long[] onChipAt;
    private int head;
    private int size;
    /** When the last WQE read arrives (the next read needs its next-index); MIN_VALUE before the first read. */
    private long lastArrival = Long.MIN_VALUE;

    /**
     * {@code maxSge}: scatter entries per receive, which size the SRQ's WQEs; {@code depth}: WQEs kept ahead;
     * {@code parseNs}: from a WQE's arrival until its next index is known.
     */
    SrqWqeChain(int maxSge, int depth, long parseNs) {
        if (depth < 1) {
            throw new IllegalArgumentException("SRQ WQE prefetch depth " + depth + " < 1");
        }
        if (parseNs < 0) {
            throw new IllegalArgumentException("SRQ WQE processing time " + parseNs + " ns < 0");
        }
        this.parseNs = parseNs;
        this.wqeBytes = wqeStrideBytes(maxSge);
        this.onChipAt = new long[depth];
    }

    /**
     * mlx5's SRQ WQE stride: the 16-byte next segment and a 16-byte data segment per SGE, rounded up to a power of
     * two, at least 32 bytes ({@code mlx5_ib_create_srq} in {@code drivers/infiniband/hw/mlx5/srq.c}).
     */
    static int wqeStrideBytes(int maxSge) {
        return Math.max(32, Integer.highestOneBit(16 + 16 * maxSge - 1) << 1);
    }

    /**
     * A receive arriving at {@code t} takes the oldest WQE read ahead ({@code stillPosted}: receives the SRQ holds
     * after this one, which the HCA may read ahead). Returns when the receive goes on.
     */
    long take(long t, int stillPosted, HcaDataPath path) {
        long arrival = size > 0 ? pop() : read(t, path);
        long start = path.awaitSrqWqe(t, arrival);
        int capacity = onChipAt.length;
        while (size < capacity && size < stillPosted) {
            push(read(start, path));
        }
        return start;
    }

    /** Reads the next WQE of the list, asked for at {@code t}: issued once the one before it has been processed. */
    private long read(long t, HcaDataPath path) {
        long issue = lastArrival == Long.MIN_VALUE ? t : Math.max(t, lastArrival + parseNs);
        lastArrival = path.readSrqWqe(issue, wqeBytes);
        return lastArrival;
    }

    private long pop() {
        long a = onChipAt[head];
        head = (head + 1) % onChipAt.length;
        size--;
        return a;
    }

    private void push(long arrival) {
        onChipAt[(head + size) % onChipAt.length] = arrival;
        size++;
    }

    int wqeBytes() {
        return wqeBytes;
    }
}
