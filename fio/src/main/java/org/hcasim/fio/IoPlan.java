package org.hcasim.fio;

import java.util.List;
import java.util.SplittableRandom;

/**
 * Where a job's next I/O goes and whether it has more to do in this loop: its direction (drawn per I/O for a mixed
 * job, {@code rwmixread}), its size ({@link BlockSizes}) and its region (the job's devices in turn, as fio's
 * {@code file_service_type=roundrobin}), until the loop's bytes ({@code io_size}, else one pass over every region)
 * or the job's {@code number_ios} are done. A time-based job wraps around its regions until its runtime is over.
 * The draws are made in the order fio makes them: direction, then size, then offset.
 */
final class IoPlan {
    /** One I/O to issue. */
    record Io(boolean read, JobRegion region, long offset, int length) {
    }

    private final FioJob job;
    private final List<JobRegion> regions;
    private final SplittableRandom rng;
    private final long loopBytes;
    private long bytesIssued;
    private long iosIssued;
    private int nextRegion;
    private Boolean nextRead;

    IoPlan(FioJob job, List<JobRegion> regions, SplittableRandom rng) {
        this.job = job;
        this.regions = regions;
        this.rng = rng;
        this.loopBytes = job.amounts().ioSize() > 0 ? job.amounts().ioSize()
                : regions.stream().mapToLong(r -> r.length).sum();
    }

    /** Whether this loop has I/O left (the runtime is the caller's to check). */
    boolean more() {
        if (job.amounts().numberIos() > 0 && iosIssued >= job.amounts().numberIos()) return false;
        if (job.timeBased()) return true;
        if (bytesIssued >= loopBytes) return false;
        if (job.amounts().ioSize() > 0) return true;
        for (JobRegion r : regions) { // checked before every I/O: no stream
            if (!r.offsets.passComplete()) return true;
        }
        return false;
    }

    /** The share of this loop's I/Os ({@code number_ios}) or else bytes issued so far, for a progress bar. */
    double fractionIssued() {
        if (job.amounts().numberIos() > 0) return Math.min(1.0, (double) iosIssued / job.amounts().numberIos());
        return loopBytes <= 0 ? 0 : Math.min(1.0, (double) bytesIssued / loopBytes);
    }

    /** The direction of the next I/O (drawn now if it was not yet). */
    boolean peekRead() {
        if (nextRead == null) {
            nextRead = job.rw().mixed() ? rng.nextInt(100) < job.rwmixread() : job.rw().reads;
        }
        return nextRead;
    }

    Io next() {
        boolean read = peekRead();
        nextRead = null;
        int length = (int) (read ? job.readSizes() : job.writeSizes()).next(rng);
        JobRegion region = region();
        long offset = region.start + region.offsets.next(length);
        bytesIssued += length;
        iosIssued++;
        return new Io(read, region, offset, length);
    }

    /** The next region in turn; one whose pass is complete is skipped unless the job wraps (time_based, io_size). */
    private JobRegion region() {
        boolean wraps = job.timeBased() || job.amounts().ioSize() > 0;
        for (int tried = 0; tried < regions.size(); tried++) {
            JobRegion r = regions.get(nextRegion);
            nextRegion = (nextRegion + 1) % regions.size();
            if (wraps || !r.offsets.passComplete()) return r;
        }
        return regions.get(0);
    }

    /** Starts the next loop: the same regions from the start. */
    void nextLoop() {
        bytesIssued = 0;
        nextRegion = 0;
        regions.forEach(JobRegion::restart);
    }
}
