package org.hcasim.fio;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The memory a run will take, estimated before any initiator connects and checked against the heap: the testbed's
 * own state (hosts, their queues), the jobs' latency histograms and I/O slots, what a ram backstore keeps of what they
 * write, and the corruption oracle's notes. A run that could not fit is refused with one line naming the part that drives it and
 * its inputs, instead of failing with an out-of-memory after minutes.
 *
 * <p>Each I/O slot holds its data buffer twice (the job's own copy and the host memory it is DMA'd from, once when
 * payload is elided) plus its PI buffer. A ram backstore keeps every block written, with a map entry per block (and
 * one per PI tuple); size-bounded jobs write at most their regions (or what number_ios and io_size let them), on every
 * initiator, and never more than the namespaces. What time-based jobs write depends on how far they get, so the ram backstore itself refuses to grow past
 * its share of the heap while they run.
 */
final class RunMemoryBudget {
    private RunMemoryBudget() { }

    /**
     * Share of the heap the estimate may reach; the rest is the simulation's transient state. Measured on the default
     * testbed with 16 initiators running examples/nvmeof-randread.fio (estimate 164 MiB): out of memory with a 192 MiB
     * heap, runs with 256 MiB; 0.75 puts the limit between them (219 MiB).
     */
    static final double HEAP_SHARE = 0.75;
    /** Per slot besides its buffers: the slot, its request and completion objects. */
    static final long SLOT_OVERHEAD_BYTES = 512;
    /** Per block a ram backstore keeps: the map entry, the boxed LBA and the array header. */
    static final long STORED_BLOCK_OVERHEAD_BYTES = org.hcasim.block.BlockBackstores.KEPT_BLOCK_OVERHEAD_BYTES;
    /** Per block the corruption oracle knows (docs/faults.md). */
    static final long ORACLE_BLOCK_BYTES = 120;

    /** One part of the estimate: what it is, its bytes, and the inputs that drive it. */
    record Part(String what, long bytes, String inputs) {
    }

    static long slotBytes(FioJob job, int blockSize, boolean payloadReal) {
        long data = job.maxBs();
        long md = data / blockSize * 8;
        return (payloadReal ? 2 : 1) * data + md + SLOT_OVERHEAD_BYTES;
    }

    /** The parts of the estimate for {@code jobs} on a testbed of {@code footprint}. */
    static List<Part> parts(List<FioJob> jobs, FioTestbed.Footprint footprint) {
        List<Part> parts = new ArrayList<>();
        if (footprint.stateBytes() > 0) parts.add(new Part("the testbed", footprint.stateBytes(), footprint.stateInputs()));
        long slots = 0;
        FioJob largest = null;
        long largestBytes = -1;
        long written = 0;
        for (FioJob job : jobs) {
            long bytes = saturatedMultiply(job.iodepth(), slotBytes(job, footprint.blockSize(), footprint.payloadReal()));
            slots = saturatedAdd(slots, bytes);
            if (bytes > largestBytes) {
                largestBytes = bytes;
                largest = job;
            }
            if (job.rw().writes) written = saturatedAdd(written, writeBound(job, footprint.capacityBytes()));
        }
        if (largest != null) {
            // each job on each initiator keeps slat, clat and lat for reads and for writes
            parts.add(new Part("the jobs' latency statistics", saturatedMultiply((long) jobs.size() * footprint.initiators(),
                    6 * LatencyStats.FOOTPRINT_BYTES), String.format(Locale.ROOT,
                    "%d jobs x %d initiators, 6 latency histograms of %d KiB each: lower numjobs or testbed.initiators",
                    jobs.size(), footprint.initiators(), LatencyStats.FOOTPRINT_BYTES >> 10)));
            parts.add(new Part("the jobs' I/O buffers", saturatedMultiply(slots, footprint.initiators()), String.format(Locale.ROOT,
                    "%d jobs x %d initiators; job '%s' alone: iodepth=%d x bs up to %d: lower numjobs, iodepth or bs",
                    jobs.size(), footprint.initiators(), largest.name(), largest.iodepth(), largest.maxBs())));
        }
        long stored = Math.min(saturatedMultiply(written, footprint.initiators()), footprint.capacityBytes());
        long blocks = stored / footprint.blockSize();
        // with payload elided a ram backstore moves and keeps no bytes (BlockBackstores)
        if (footprint.keepsData() && footprint.payloadReal() && blocks > 0) {
            long perBlock = footprint.blockSize() + STORED_BLOCK_OVERHEAD_BYTES
                    + (footprint.piTuples() ? 8 + STORED_BLOCK_OVERHEAD_BYTES : 0);
            parts.add(new Part("what the ram backstore keeps", saturatedMultiply(blocks, perBlock), String.format(Locale.ROOT,
                    "the jobs write up to %s of testbed.target.namespace-size x testbed.target.namespaces = %s:"
                            + " lower size or the namespace size, or use testbed.target.backstore = null",
                    gib(stored), gib(footprint.capacityBytes()))));
        }
        if (footprint.oracle() && blocks > 0) {
            parts.add(new Part("the corruption oracle", saturatedMultiply(blocks, ORACLE_BLOCK_BYTES),
                    "one note per block written while bits flip (fault.*-flip-rate)"));
        }
        return parts;
    }

    /** Throws a {@link JobFileException} when the estimate is more than {@link #HEAP_SHARE} of {@code heapBytes}. */
    static void check(List<FioJob> jobs, FioTestbed.Footprint footprint, long heapBytes) {
        List<Part> parts = parts(jobs, footprint);
        long total = 0;
        for (Part p : parts) total = saturatedAdd(total, p.bytes());
        long allowed = (long) (heapBytes * HEAP_SHARE);
        if (total <= allowed || parts.isEmpty()) return;
        Part biggest = parts.stream().max(Comparator.comparingLong(Part::bytes)).orElseThrow();
        throw new JobFileException(String.format(Locale.ROOT,
                "the run needs about %s of memory, more than the %s it may use of the %s Java heap; %s would take about %s"
                        + " alone (%s), or raise the heap with HCASIM_OPTS=-Xmx...", gib(total), gib(allowed), gib(heapBytes),
                biggest.what(), gib(biggest.bytes()), biggest.inputs()));
    }

    /**
     * The most a job can leave written: its region (writes wrap around it), or less when each of its loops stops
     * after {@code number_ios} I/Os or {@code io_size} bytes. A time-based job without {@code number_ios} writes what
     * its runtime lets it, unknown here (0): the ram backstore guards itself then.
     */
    private static long writeBound(FioJob job, long capacity) {
        Amounts amounts = job.amounts();
        if (job.timeBased() && amounts.numberIos() == 0) return 0;
        long bound = region(job, capacity);
        if (amounts.numberIos() > 0) bound = Math.min(bound, saturatedMultiply(amounts.loops(),
                saturatedMultiply(amounts.numberIos(), job.maxBs())));
        if (amounts.ioSize() > 0) bound = Math.min(bound, saturatedMultiply(amounts.loops(), amounts.ioSize()));
        return bound;
    }

    /** The bytes a job's region spans on a device of {@code capacity}. */
    private static long region(FioJob job, long capacity) {
        long offset = job.offsetPercent() > 0 ? capacity / 100 * job.offsetPercent() : Math.min(job.offset(), capacity);
        long size = job.sizePercent() > 0 ? capacity / 100 * job.sizePercent() : job.size() == 0 ? capacity - offset : job.size();
        return Math.max(0, Math.min(size, capacity - offset));
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    private static long saturatedMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
    }

    private static String gib(long bytes) {
        if (bytes < 1L << 30) return String.format(Locale.ROOT, "%d MiB", bytes >> 20);
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }
}
