package org.hcasim.fio;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job's log files in fio's format ({@code write_bw_log}, {@code write_lat_log}, {@code write_iops_log}): one line
 * {@code time_ms, value, direction, bs[, offset], prio} per I/O, or with {@code log_avg_msec} one line per direction
 * per window (mean latency, KiB/s, IOPS; bs and offset 0). A latency log is three files, lat, clat and slat, in ns;
 * an unaveraged bandwidth entry is the I/O's bytes over its completion latency, as fio computes it. Files are named
 * {@code <prefix>_<kind>.<job>.log} ({@code <prefix>_<kind>.log} with {@code per_job_logs=0}); an empty prefix is
 * the job's name.
 */
final class JobLogs {
    private static final String[] KINDS = {"bw", "lat", "clat", "slat", "iops"};

    private final Reporting r;
    private final Map<String, StringBuilder> files = new LinkedHashMap<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    /** Per direction of the current window: bytes, I/Os, lat, clat and slat sums. */
    private final long[][] window = new long[2][5];
    private long windowEnd;

    JobLogs(FioJob job) {
        this.r = job.reporting();
        String suffix = r.perJobLogs() ? "." + (job.jobNumber() + 1) + ".log" : ".log";
        for (String kind : KINDS) {
            String prefix = switch (kind) {
                case "bw" -> r.bwLog();
                case "iops" -> r.iopsLog();
                default -> r.latLog();
            };
            if (prefix == null) continue;
            names.put(kind, (prefix.isEmpty() ? job.name() : prefix) + "_" + kind + suffix);
            files.put(kind, new StringBuilder());
        }
        this.windowEnd = r.logAvgMs();
    }

    /** Records one completed I/O, {@code sinceStartNs} after the job's statistics started. */
    void record(long sinceStartNs, int direction, long bytes, long offset, long slatNs, long clatNs) {
        if (files.isEmpty()) return;
        if (r.logAvgMs() > 0) {
            long ms = sinceStartNs / 1_000_000L;
            while (ms >= windowEnd) flushWindow();
            long[] w = window[direction];
            w[0] += bytes;
            w[1]++;
            w[2] += slatNs + clatNs;
            w[3] += clatNs;
            w[4] += slatNs;
            return;
        }
        long ms = sinceStartNs / 1_000_000L;
        line("bw", ms, clatNs <= 0 ? 0 : bytes * 1_000_000L / clatNs, direction, bytes, offset);
        line("lat", ms, slatNs + clatNs, direction, bytes, offset);
        line("clat", ms, clatNs, direction, bytes, offset);
        line("slat", ms, slatNs, direction, bytes, offset);
        line("iops", ms, 1, direction, bytes, offset);
    }

    private void flushWindow() {
        long windowNs = r.logAvgMs() * 1_000_000L;
        for (int d = 0; d < 2; d++) {
            long[] w = window[d];
            if (w[1] == 0) continue;
            line("bw", windowEnd, Math.round(w[0] * 1e9 / windowNs / 1024), d, 0, 0);
            line("lat", windowEnd, w[2] / w[1], d, 0, 0);
            line("clat", windowEnd, w[3] / w[1], d, 0, 0);
            line("slat", windowEnd, w[4] / w[1], d, 0, 0);
            line("iops", windowEnd, Math.round(w[1] * 1e9 / windowNs), d, 0, 0);
            java.util.Arrays.fill(w, 0);
        }
        windowEnd += r.logAvgMs();
    }

    private void line(String kind, long ms, long value, int direction, long bs, long offset) {
        StringBuilder b = files.get(kind);
        if (b == null) return;
        b.append(ms).append(", ").append(value).append(", ").append(direction).append(", ").append(bs);
        if (r.logOffset()) b.append(", ").append(offset);
        b.append(", 0\n");
    }

    /** The log files by name; a trailing partial window is left out, as fio does. */
    Map<String, String> files() {
        Map<String, String> out = new LinkedHashMap<>();
        files.forEach((kind, text) -> out.put(names.get(kind), text.toString()));
        return out;
    }
}
