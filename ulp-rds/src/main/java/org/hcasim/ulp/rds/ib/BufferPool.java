package org.hcasim.ulp.rds.ib;

import org.hcasim.host.HostMemory;

/**
 * Fixed-size data buffers of one endpoint (RDS's page fragments and its per-CPU fragment cache): taken for a
 * receive or a message's data, given back when done, reused. Payload memory, so that runs with
 * {@code sim.payload=elided} keep no bytes of the bulk data.
 */
final class BufferPool {
    private final HostMemory memory;
    private final int size;
    private long[] free = new long[64];
    private int count;
    private long allocated;

    BufferPool(HostMemory memory, int size) {
        this.memory = memory;
        this.size = size;
    }

    int size() {
        return size;
    }

    /** A buffer's iova: a freed one if there is any, else new memory. */
    long take() {
        if (count > 0) {
            return free[--count];
        }
        allocated++;
        return memory.allocatePayload(size, HostMemory.PAGE_SIZE);
    }

    void give(long iova) {
        if (count == free.length) {
            free = java.util.Arrays.copyOf(free, free.length * 2);
        }
        free[count++] = iova;
    }

    /** Buffers allocated so far (in use or free). */
    long allocated() {
        return allocated;
    }
}
