package org.hcasim.fio;

import java.util.ArrayList;
import java.util.List;

/**
 * What fio reports for one direction (read or write) of a job or group: bytes, I/Os, latency
 * distributions and bandwidth/IOPS samples per 500 ms window (fio's bwavgtime/iopsavgtime default).
 */
final class DirectionStats {
    static final long SAMPLE_WINDOW_NS = 500_000_000L;

    final LatencyStats slat = new LatencyStats();
    final LatencyStats clat = new LatencyStats();
    final LatencyStats lat = new LatencyStats();
    long bytes;
    long ios;
    /** Bytes and I/Os completed per sample window since the stats start. */
    final List<long[]> windows = new ArrayList<>();
    /** Runtime of the job(s) in ns (for groups: the longest). */
    long runtimeNs;

    /** Records one completed I/O; the latencies the job's {@code disable_*} / {@code gtod_reduce} switch off are not. */
    void record(long startOfStatsNs, long completionNs, long bytesDone, long slatNs, long clatNs, Reporting what) {
        bytes += bytesDone;
        ios++;
        if (what.slat()) slat.record(slatNs);
        if (what.clat()) clat.record(clatNs);
        if (what.lat()) lat.record(slatNs + clatNs);
        int w = (int) ((completionNs - startOfStatsNs) / SAMPLE_WINDOW_NS);
        while (windows.size() <= w) windows.add(new long[2]);
        windows.get(w)[0] += bytesDone;
        windows.get(w)[1]++;
    }

    void add(DirectionStats o) {
        slat.add(o.slat);
        clat.add(o.clat);
        lat.add(o.lat);
        bytes += o.bytes;
        ios += o.ios;
        runtimeNs = Math.max(runtimeNs, o.runtimeNs);
        for (int i = 0; i < o.windows.size(); i++) {
            while (windows.size() <= i) windows.add(new long[2]);
            windows.get(i)[0] += o.windows.get(i)[0];
            windows.get(i)[1] += o.windows.get(i)[1];
        }
    }

    /** Bytes per second over the runtime. */
    long bwBytes() {
        return runtimeNs <= 0 ? 0 : Math.round(bytes * 1e9 / runtimeNs);
    }

    double iops() {
        return runtimeNs <= 0 ? 0 : ios * 1e9 / runtimeNs;
    }

    /** Runtime as fio reports it: milliseconds, rounded. */
    long runtimeMs() {
        return Math.round(runtimeNs / 1e6);
    }

    /** Full sample windows only (a trailing partial window would understate the rate). */
    Samples bwSamplesKiB() {
        return samples(0, 1024.0);
    }

    Samples iopsSamples() {
        return samples(1, 1.0);
    }

    private Samples samples(int index, double divisor) {
        int full = (int) (runtimeNs / SAMPLE_WINDOW_NS);
        int n = Math.min(full, windows.size());
        if (n == 0) return Samples.EMPTY;
        double perSecond = 1e9 / SAMPLE_WINDOW_NS;
        double min = Double.MAX_VALUE, max = 0, sum = 0, sumSq = 0;
        for (int i = 0; i < n; i++) {
            double v = windows.get(i)[index] * perSecond / divisor;
            min = Math.min(min, v);
            max = Math.max(max, v);
            sum += v;
            sumSq += v * v;
        }
        double mean = sum / n;
        double var = n < 2 ? 0 : Math.max(0, (sumSq - n * mean * mean) / (n - 1));
        return new Samples((long) min, (long) max, mean, Math.sqrt(var), n);
    }

    record Samples(long min, long max, double mean, double stddev, int count) {
        static final Samples EMPTY = new Samples(0, 0, 0, 0, 0);
    }
}
