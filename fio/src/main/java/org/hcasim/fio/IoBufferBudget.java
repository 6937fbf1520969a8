package org.hcasim.fio;

import java.util.List;
import java.util.Locale;

/**
 * The memory the jobs' I/O slots take, checked against the heap before any job starts: each of a job's iodepth
 * slots holds its data buffer twice (the job's own copy and the host memory it is DMA'd from, once when payload
 * is elided) plus its PI buffer. A run that could not fit is refused with one line naming what drives it, instead
 * of failing with an out-of-memory after minutes.
 */
final class IoBufferBudget {
    private IoBufferBudget() { }

    /** Share of the heap the I/O buffers may take; the rest is the simulation's own state. */
    static final double HEAP_SHARE = 0.6;
    /** Per slot besides its buffers: the slot, its request and completion objects. */
    static final long SLOT_OVERHEAD_BYTES = 512;

    static long slotBytes(FioJob job, int blockSize, boolean payloadReal) {
        long data = job.maxBs();
        long md = data / blockSize * 8;
        return (payloadReal ? 2 : 1) * data + md + SLOT_OVERHEAD_BYTES;
    }

    /** Throws a {@link JobFileException} when the jobs' slots would take more than {@link #HEAP_SHARE} of {@code heapBytes}. */
    static void check(List<FioJob> jobs, int blockSize, boolean payloadReal, long heapBytes) {
        long total = 0;
        FioJob largest = null;
        long largestBytes = -1;
        for (FioJob job : jobs) {
            long bytes = job.iodepth() * slotBytes(job, blockSize, payloadReal);
            total = saturatedAdd(total, bytes);
            if (bytes > largestBytes) {
                largestBytes = bytes;
                largest = job;
            }
        }
        long allowed = (long) (heapBytes * HEAP_SHARE);
        if (largest != null && total > allowed) {
            throw new JobFileException(String.format(Locale.ROOT,
                    "the jobs' I/O buffers need about %s (%d jobs; job '%s' alone: iodepth=%d x bs up to %d), more than the %s"
                            + " this run may use of the %s Java heap: lower numjobs, iodepth or bs, or raise the heap with"
                            + " HCASIM_OPTS=-Xmx...", gib(total), jobs.size(), largest.name(), largest.iodepth(), largest.maxBs(),
                    gib(allowed), gib(heapBytes)));
        }
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    private static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
