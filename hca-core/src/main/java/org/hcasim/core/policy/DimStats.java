package org.hcasim.core.policy;

/**
 * The rates of one DIM measurement window (struct dim_stats, RDMA part): completions and events per
 * millisecond and completions per event (x 100).
 *
 * @param cpms     completions per ms, rounded up
 * @param epms     events per ms, rounded up
 * @param cpeRatio cpms * 100 / epms, rounded down; 0 when epms is 0
 */
record DimStats(long cpms, long epms, long cpeRatio) {
    /** Before the first window: all zero, so the first comparison is SAME. */
    static final DimStats NONE = new DimStats(0, 0, 0);

    /** dim_calc_stats: {@code events} and {@code completions} over {@code deltaUs} microseconds (> 0). */
    static DimStats over(long events, long completions, long deltaUs) {
        long cpms = ceilDiv(completions * 1000, deltaUs);
        long epms = ceilDiv(events * 1000, deltaUs);
        return new DimStats(cpms, epms, epms == 0 ? 0 : cpms * 100 / epms);
    }

    /** Whether the rates of this window compare to {@code previous} as better, worse or the same (RDMA flavour). */
    Comparison against(DimStats previous) {
        if (previous.cpms == 0) {
            return Comparison.SAME; // first window
        }
        if (significantlyDifferent(cpms, previous.cpms)) {
            return cpms > previous.cpms ? Comparison.BETTER : Comparison.WORSE;
        }
        if (significantlyDifferent(cpeRatio, previous.cpeRatio)) {
            return cpeRatio > previous.cpeRatio ? Comparison.BETTER : Comparison.WORSE;
        }
        return Comparison.SAME;
    }

    /** IS_SIGNIFICANT_DIFF: {@code ref} non-zero and floor(100 |val - ref| / ref) above 10, i.e. 11 % or more. */
    static boolean significantlyDifferent(long val, long ref) {
        return ref != 0 && 100 * Math.abs(val - ref) / ref > 10;
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }

    /** dim_stats_compare's answer. */
    enum Comparison { BETTER, WORSE, SAME }
}
