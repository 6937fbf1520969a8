package org.hcasim.fio;

import java.util.SplittableRandom;

/**
 * Where the next I/O of a job goes, within its region {@code [0, length)} (relative to the job's
 * offset), in units of {@code granule} bytes (the smallest block size of the job).
 *
 * <ul>
 * <li>Sequential: one I/O after the other; {@code rw=write:4k} leaves a 4 KiB hole after each I/O.
 *     At the end of the region it wraps (time_based) or reports the pass as complete.</li>
 * <li>Random with the random map (fio's default): every granule once per pass, in a seeded order
 *     (a full-period linear congruential sequence over the next power of two, skipping values
 *     beyond the region), so a size-limited job touches every block exactly once.</li>
 * <li>Random with {@code norandommap}: independent uniform offsets.</li>
 * <li>{@code rw=randread:8}: 8 sequential I/Os from each random starting point.</li>
 * </ul>
 */
final class OffsetGenerator {
    private final boolean random;
    private final boolean randomMap;
    private final long length;
    private final long granule;
    private final long granules;
    private final long seqGap;
    private final int ioPerRandomOffset;
    private final SplittableRandom rng;

    // sequential state
    private long next;
    // random-map permutation state: x -> (a*x + c) mod m
    private final long m;
    private final long a;
    private final long c;
    private long x;
    private long produced;
    // rw=randxxx:N state
    private int sequentialLeft;
    private long sequentialNext;
    private boolean passComplete;

    OffsetGenerator(boolean random, boolean randomMap, long length, long granule, long rwModifier, SplittableRandom rng) {
        this.random = random;
        this.randomMap = randomMap;
        this.length = length;
        this.granule = granule;
        this.granules = length / granule;
        this.seqGap = random ? 0 : rwModifier;
        this.ioPerRandomOffset = random ? (int) Math.max(1, rwModifier) : 1;
        this.rng = rng;
        long pow = 1;
        while (pow < granules) pow <<= 1;
        this.m = pow;
        this.a = (rng.nextLong() & ~3L) | 1L | 4L; // a = 1 (mod 4) with bit 2 set: full period for any power-of-two m
        this.c = rng.nextLong() | 1L;                // odd increment
        this.x = Math.floorMod(rng.nextLong(), pow);
    }

    /** True once a sequential or random-map pass has covered the region (never for norandommap). */
    boolean passComplete() {
        return passComplete;
    }

    /** Offset (relative to the region) of the next I/O of {@code bs} bytes; wraps after a complete pass. */
    long next(long bs) {
        if (!random) {
            if (next + bs > length) {
                next = 0; // wrap: only reached by time_based jobs, the others stop at passComplete
            }
            long off = next;
            next += bs + seqGap;
            if (next + granule > length) {
                passComplete = true;
            }
            return off;
        }
        if (sequentialLeft > 0 && sequentialNext + bs <= length) {
            sequentialLeft--;
            long off = sequentialNext;
            sequentialNext += bs;
            return off;
        }
        long off = randomGranule(bs) * granule;
        sequentialLeft = ioPerRandomOffset - 1;
        sequentialNext = off + bs;
        return off;
    }

    private long randomGranule(long bs) {
        long lastStart = (length - bs) / granule; // the last granule an I/O of bs bytes may start at
        if (!randomMap) {
            return rng.nextLong(lastStart + 1);
        }
        while (true) {
            x = (a * x + c) & (m - 1);
            if (x < granules) {
                produced++;
                if (produced >= granules) {
                    produced = 0;
                    passComplete = true;
                }
                if (x <= lastStart) return x;
            }
        }
    }
}
