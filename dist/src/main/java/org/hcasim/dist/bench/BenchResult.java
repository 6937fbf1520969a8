package org.hcasim.dist.bench;

import java.util.Arrays;

/**
 * Wall times, thread CPU times and allocated bytes of the repetitions of one run, and what each simulated. The median is the
 * headline (robust to one slow repetition on a shared machine); min shows the best case.
 */
public record BenchResult(String name, String payload, long simulatedIos, long simulatedNs, long events, long[] wallNs,
                          long[] cpuNs, long[] allocatedBytes) {

    public long medianWallNs() {
        return median(wallNs);
    }

    public long minWallNs() {
        return Arrays.stream(wallNs).min().orElse(0);
    }

    /** Simulated I/Os per wall second, at the median wall time. */
    public double iosPerWallSecond() {
        long m = medianWallNs();
        return m == 0 ? 0 : simulatedIos * 1e9 / m;
    }

    /** The simulating thread's median CPU time over the repetitions; -1 when the JVM cannot measure it. */
    public long medianCpuNs() {
        return median(cpuNs);
    }

    /** Simulated I/Os per second of the simulating thread's CPU time (median), or -1 when unmeasured. */
    public double iosPerCpuSecond() {
        long m = medianCpuNs();
        return m < 0 ? -1 : m == 0 ? 0 : simulatedIos * 1e9 / m;
    }

    /** Simulated time per wall time: above 1 the simulator runs faster than the hardware it models. */
    public double simulatedPerWall() {
        long m = medianWallNs();
        return m == 0 ? 0 : (double) simulatedNs / m;
    }

    /** Events the loop ran per simulated I/O (set-up included). */
    public double eventsPerIo() {
        return simulatedIos == 0 ? 0 : (double) events / simulatedIos;
    }

    /** Events per wall second, at the median wall time. */
    public double eventsPerWallSecond() {
        long m = medianWallNs();
        return m == 0 ? 0 : events * 1e9 / m;
    }

    /**
     * Bytes allocated per simulated I/O by the whole execution (building the testbed included), at the median
     * repetition; negative when the JVM cannot count allocations.
     */
    public double allocatedBytesPerIo() {
        long m = median(allocatedBytes);
        return m < 0 ? -1 : simulatedIos == 0 ? 0 : (double) m / simulatedIos;
    }

    private static long median(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
