package org.hcasim.dist.bench;

import java.lang.management.ManagementFactory;

/** Bytes allocated by the calling thread (HotSpot's per-thread allocation counter) and its CPU time; -1 where missing. */
final class ThreadAllocation {
    private ThreadAllocation() { }

    static long currentThreadBytes() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean hotspot
                && hotspot.isThreadAllocatedMemorySupported() && hotspot.isThreadAllocatedMemoryEnabled()) {
            return hotspot.getCurrentThreadAllocatedBytes();
        }
        return -1;
    }

    static long currentThreadCpuNs() {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? threads.getCurrentThreadCpuTime() : -1;
    }
}
