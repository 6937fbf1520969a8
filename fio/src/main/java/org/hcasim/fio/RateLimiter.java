package org.hcasim.fio;

import java.util.SplittableRandom;

/**
 * fio's rate limits for one job: the earliest time each direction's next I/O may be issued. With
 * {@code rate_process=linear} the I/Os of a direction are spread evenly, so that after any I/O the bytes (or I/Os)
 * issued never run ahead of {@code rate} x the time since the job started; with {@code poisson} the gaps are
 * exponentially distributed with the same mean, drawn from the job's own stream.
 */
final class RateLimiter {
    private final Pacing pacing;
    private final SplittableRandom rng;
    private final long[] bytes = new long[2];
    private final long[] ios = new long[2];
    private final long[] nextDue = new long[2];
    private long originNs;

    RateLimiter(Pacing pacing, SplittableRandom rng) {
        this.pacing = pacing;
        this.rng = rng;
    }

    void start(long nowNs) {
        originNs = nowNs;
        nextDue[0] = nextDue[1] = nowNs;
    }

    /** When the next I/O of {@code read} (else write) may go, in simulation time. */
    long dueNs(boolean read) {
        return nextDue[read ? 0 : 1];
    }

    /** Counts an issued I/O of {@code length} bytes and moves its direction's next due time. */
    void issued(boolean read, long length) {
        int d = read ? 0 : 1;
        bytes[d] += length;
        ios[d]++;
        if (pacing.poisson()) {
            double mean = pacing.meanGapNs(read, length);
            if (mean > 0) nextDue[d] += (long) (-Math.log(1 - rng.nextDouble()) * mean);
        } else {
            nextDue[d] = originNs + pacing.dueNs(read, bytes[d], ios[d]);
        }
    }
}
