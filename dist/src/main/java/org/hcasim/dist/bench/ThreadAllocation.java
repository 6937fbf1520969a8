package org.hcasim.dist.bench;

import java.lang.management.ManagementFactory;

/** Bytes allocated by the calling thread (HotSpot's per-thread allocation counter; -1 where it is missing). */
final class ThreadAllocation {
    private ThreadAllocation() { }

    static long currentThreadBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean hotspot
                && hotspot.isThreadAllocatedMemorySupported() && hotspot.isThreadAllocatedMemoryEnabled()) {
            return hotspot.getCurrentThreadAllocatedBytes();
        }
        return -1;
    }
}
