package org.hcasim.fio;

/**
 * fio's steady-state judgement (steadystate.c): one IOPS and one bandwidth sample per second after
 * {@code ss_ramp}, a rolling window of {@code ss_dur} seconds of them, and once it is full, after each sample, the
 * criterion: for {@code iops}/{@code bw} the largest deviation of a sample from the window's mean, for
 * {@code *_slope} the least-squares slope over the window; a percentage limit divides it by the mean. Attained when
 * it is below the limit. What it saw is fio's JSON {@code steadystate} object.
 */
final class FioSteadyStateCriterion {
    final SteadyState ss;
    /** Ring of the window's samples, as fio keeps them: index {@code head} is the oldest once full. */
    final long[] iops;
    final long[] bw;
    int head;
    int tail;
    boolean full;
    boolean attained;
    double criterion;
    double deviation;
    double slope;

    FioSteadyStateCriterion(SteadyState ss) {
        this.ss = ss;
        this.iops = new long[ss.samples()];
        this.bw = new long[ss.samples()];
    }

    /** One second's sample (I/Os and bytes completed in it); true when steady state is attained with it. */
    boolean sample(long ios, long bytes) {
        int n = iops.length;
        iops[tail] = ios;
        bw[tail] = bytes;
        if (full || tail - head == n - 1) {
            full = true;
            long[] y = ss.iops() ? iops : bw;
            double sum = 0;
            for (long v : y) sum += v;
            double mean = sum / n;
            if (ss.slope()) {
                slope = slope(y, (tail + 1) % n, mean);
                criterion = ss.percent() ? 100.0 * slope / mean : slope;
            } else {
                deviation = 0;
                for (long v : y) deviation = Math.max(deviation, Math.abs(v - mean));
                criterion = ss.percent() ? 100.0 * deviation / mean : deviation;
            }
            if (Math.abs(criterion) < ss.limit()) {
                attained = true;
                return true;
            }
        }
        tail = (tail + 1) % n;
        if (tail <= head) head = (head + 1) % n;
        return false;
    }

    /** Least-squares slope of the samples per second, oldest ({@code first}) at x = 0. */
    private static double slope(long[] y, int first, double mean) {
        int n = y.length;
        double xMean = (n - 1) / 2.0;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < n; i++) {
            double dx = i - xMean;
            sxy += dx * (y[(first + i) % n] - mean);
            sxx += dx * dx;
        }
        return sxx == 0 ? 0 : sxy / sxx;
    }

    /** The window's samples oldest first, as fio's JSON lists them (unfilled samples are 0). */
    long[] ordered(long[] ring) {
        int n = ring.length;
        int first = attained || !full ? head : (head == 0 ? n - 1 : head - 1);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) out[i] = ring[(first + i) % n];
        return out;
    }
}
