package org.hcasim.fio;

import org.HdrHistogram.Histogram;

/**
 * One latency distribution (slat, clat or lat) in nanoseconds: exact min, max, mean and standard
 * deviation, percentiles from an HdrHistogram with 3 significant digits (fio's own bins are coarser).
 */
final class LatencyStats {
    private static final long HIGHEST_NS = 3_600_000_000_000L;
    private static final int SIGNIFICANT_DIGITS = 3;
    /** Heap one distribution takes, as HdrHistogram estimates it (~265 KiB: its counts for 1 ns .. 1 h at 3 digits). */
    static final long FOOTPRINT_BYTES = new Histogram(1, HIGHEST_NS, SIGNIFICANT_DIGITS).getEstimatedFootprintInBytes();

    private final Histogram histogram = new Histogram(1, HIGHEST_NS, SIGNIFICANT_DIGITS);
    private long count;
    private long min = Long.MAX_VALUE;
    private long max;
    private double mean;
    private double m2;

    void record(long ns) {
        long v = Math.max(1, ns);
        histogram.recordValue(Math.min(v, histogram.getHighestTrackableValue()));
        count++;
        min = Math.min(min, ns);
        max = Math.max(max, ns);
        double delta = ns - mean;
        mean += delta / count;
        m2 += delta * (ns - mean);
    }

    void add(LatencyStats other) {
        if (other.count == 0) return;
        histogram.add(other.histogram);
        long n = count + other.count;
        double delta = other.mean - mean;
        double newMean = mean + delta * other.count / n;
        m2 = m2 + other.m2 + delta * delta * ((double) count * other.count / n);
        mean = newMean;
        count = n;
        min = Math.min(min, other.min);
        max = Math.max(max, other.max);
    }

    /** The recorded values (ns, at the histogram's resolution) and how many I/Os had each: fio json+'s bins. */
    java.util.SortedMap<Long, Long> bins() {
        java.util.SortedMap<Long, Long> out = new java.util.TreeMap<>();
        for (var v : histogram.recordedValues()) out.put(histogram.highestEquivalentValue(v.getValueIteratedTo()), v.getCountAtValueIteratedTo());
        return out;
    }

    long count() {
        return count;
    }

    long min() {
        return count == 0 ? 0 : min;
    }

    long max() {
        return max;
    }

    double mean() {
        return mean;
    }

    /** Sample standard deviation, as fio reports it. */
    double stddev() {
        return count < 2 ? 0.0 : Math.sqrt(m2 / (count - 1));
    }

    /** The value at {@code percentile} (0..100), 0 when empty. */
    long percentile(double percentile) {
        return count == 0 ? 0 : histogram.getValueAtPercentile(percentile);
    }

    /**
     * Share of samples (percent) in {@code (lowExclusive, highInclusive]} nanoseconds, as a difference of
     * cumulative counts so that adjacent ranges never count a histogram bucket twice.
     */
    double percentBetween(long lowExclusive, long highInclusive) {
        if (count == 0) return 0;
        return 100.0 * (atOrBelow(highInclusive) - atOrBelow(lowExclusive)) / count;
    }

    private long atOrBelow(long ns) {
        if (ns < 1) return 0;
        return histogram.getCountBetweenValues(0, Math.min(ns, histogram.getHighestTrackableValue()));
    }
}
