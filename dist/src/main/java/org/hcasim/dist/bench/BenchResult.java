package org.hcasim.dist.bench;

import java.util.Arrays;

/**
 * Wall times of the repetitions of one run and what each simulated. The median is the headline (robust
 * to one slow repetition on a shared machine); min shows the best case.
 */
public record BenchResult(String name, long simulatedIos, long simulatedNs, long[] wallNs) {

    public long medianWallNs() {
        long[] s = wallNs.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    public long minWallNs() {
        return Arrays.stream(wallNs).min().orElse(0);
    }

    /** Simulated I/Os per wall second, at the median wall time. */
    public double iosPerWallSecond() {
        long m = medianWallNs();
        return m == 0 ? 0 : simulatedIos * 1e9 / m;
    }

    /** Simulated time per wall time: above 1 the simulator runs faster than the hardware it models. */
    public double simulatedPerWall() {
        long m = medianWallNs();
        return m == 0 ? 0 : (double) simulatedNs / m;
    }
}
