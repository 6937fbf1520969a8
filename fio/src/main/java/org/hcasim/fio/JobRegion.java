package org.hcasim.fio;

import java.util.SplittableRandom;
import java.util.TreeMap;
import org.hcasim.block.BlockDevice;

/**
 * The part of one device a job works on ({@code offset}, {@code size} divided among the job's devices,
 * {@code offset_increment} per clone), with its offset generator and, for verify, what was written where.
 */
final class JobRegion {
    /** A block written with a verify header: its length and the seed of its data. */
    record Written(int length, long seed) {
    }

    final BlockDevice device;
    final int index;
    final long start;
    final long length;
    final int blockSize;
    private final FioJob job;
    private final long seed;
    OffsetGenerator offsets;
    final TreeMap<Long, Written> written = new TreeMap<>();

    /** Checks the job against the device; a problem is a {@link JobFileException} naming the job. */
    JobRegion(FioJob job, BlockDevice device, int index, int devices, long seed) {
        this.job = job;
        this.device = device;
        this.index = index;
        this.seed = seed;
        this.blockSize = device.format().blockSize();
        long capacity = device.capacityBytes();
        long offset = job.offsetPercent() > 0 ? alignDown(capacity * job.offsetPercent() / 100, job.minBs()) : job.offset();
        offset += job.amounts().offsetIncrement() * job.cloneIndex();
        if (offset % blockSize != 0) fail("offset=" + offset + " is not a multiple of the block size " + blockSize + " of " + device.name());
        if (offset >= capacity) fail("offset=" + offset + " is beyond the end of " + device.name() + " (" + capacity + " bytes)");
        long size = job.sizePercent() > 0 ? capacity * job.sizePercent() / 100 : job.size() == 0 ? capacity - offset
                : job.size() / devices;
        if (size > capacity - offset) { // offset < capacity here, so this cannot overflow as offset + size could
            fail("offset+size=" + offset + "+" + size + " is beyond the end of " + device.name() + " (" + capacity + " bytes)");
        }
        for (long bs : new long[] {job.rw().reads ? job.readSizes().max() : blockSize, job.rw().writes ? job.writeSizes().max() : blockSize,
                job.rw().reads ? job.bsRead() : blockSize, job.rw().writes ? job.bsWrite() : blockSize}) {
            if (bs % blockSize != 0) fail("bs=" + bs + " is not a multiple of the block size " + blockSize + " of " + device.name());
            if (bs > size) fail("bs=" + bs + " is larger than the size " + size + " of the job's region");
        }
        this.start = offset;
        this.length = alignDown(size, job.minBs());
        restart();
    }

    /** A new pass (loop) over the region: the same offsets again, as fio's next loop with randrepeat. */
    void restart() {
        offsets = new OffsetGenerator(job.rw().random, !job.norandommap(), length, job.minBs(), job.rwModifier(),
                new SplittableRandom(seed ^ 0x2545F4914F6CDD1DL ^ index));
        written.clear();
    }

    private void fail(String message) {
        throw new JobFileException("job '" + job.name() + "': " + message);
    }

    static long alignDown(long v, long unit) {
        return v / unit * unit;
    }
}
