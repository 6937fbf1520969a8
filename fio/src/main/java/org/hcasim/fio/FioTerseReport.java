package org.hcasim.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * fio's terse output, version 3 ({@code --minimal}, {@code --output-format=terse}): one semicolon-separated line per
 * job (or group with group_reporting), fields as fio's HOWTO lists them: the read and write status (KiB, KiB/s,
 * IOPS, runtime, slat/clat/lat in usec, 20 clat percentile fields, bandwidth), CPU, IO depths and the latency
 * distribution in usec (nanosecond latencies counted in the first bucket) and msec. There is no disk to report.
 */
public final class FioTerseReport {
    private static final long[] US_BUCKETS = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000};
    private static final long[] MS_BUCKETS = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000};

    private FioTerseReport() {
    }

    public static String render(FioResults results) {
        StringBuilder out = new StringBuilder();
        Map<Integer, JobResult> groups = results.groups();
        for (JobResult r : results.reported()) {
            JobResult group = groups.get(r.job.groupId());
            List<String> f = new ArrayList<>(List.of("3", FioFormat.FIO_VERSION, r.job.name(), Integer.toString(r.job.groupId()),
                    Integer.toString(r.error)));
            direction(f, r.read, group.read, r.job.reporting().percentiles());
            direction(f, r.write, group.write, r.job.reporting().percentiles());
            f.add(pct6(r.usrPercent()));
            f.add(pct6(r.sysPercent()));
            f.add(Long.toString(r.contextSwitches));
            f.add("0");
            f.add("0");
            long submits = 0;
            for (long n : r.depthSubmits) submits += n;
            for (long n : r.depthSubmits) f.add(String.format(Locale.ROOT, "%.1f%%", submits == 0 ? 0 : 100.0 * n / submits));
            LatencyStats lat = new LatencyStats();
            lat.add(r.read.lat);
            lat.add(r.write.lat);
            long previous = 0;
            for (long b : US_BUCKETS) {
                long high = b * 1_000 - 1;
                f.add(pct2(lat.percentBetween(previous, high)));
                previous = high;
            }
            for (long b : MS_BUCKETS) {
                long high = b * 1_000_000 - 1;
                f.add(pct2(lat.percentBetween(previous, high)));
                previous = high;
            }
            f.add(pct2(lat.percentBetween(previous, Long.MAX_VALUE)));
            out.append(String.join(";", f)).append('\n');
        }
        return out.toString();
    }

    private static void direction(List<String> f, DirectionStats d, DirectionStats group, double[] percentiles) {
        f.add(Long.toString(d.bytes / 1024));
        f.add(Long.toString(d.bwBytes() / 1024));
        f.add(Long.toString(Math.round(d.iops())));
        f.add(Long.toString(d.ios == 0 ? 0 : d.runtimeMs()));
        usec(f, d.slat);
        usec(f, d.clat);
        for (int i = 0; i < 20; i++) {
            if (i < percentiles.length && d.clat.count() > 0) {
                f.add(FioFormat.percentileKey(percentiles[i]) + "%=" + d.clat.percentile(percentiles[i]) / 1000);
            } else if (i < percentiles.length) {
                f.add(FioFormat.percentileKey(percentiles[i]) + "%=0");
            } else {
                f.add("0%=0");
            }
        }
        usec(f, d.lat);
        DirectionStats.Samples bw = d.bwSamplesKiB();
        f.add(Long.toString(bw.min()));
        f.add(Long.toString(bw.max()));
        f.add(pct6(group.bwBytes() == 0 ? 0 : 100.0 * d.bwBytes() / group.bwBytes()));
        f.add(String.format(Locale.ROOT, "%f", bw.mean()));
        f.add(String.format(Locale.ROOT, "%f", bw.stddev()));
    }

    private static void usec(List<String> f, LatencyStats s) {
        f.add(Long.toString(s.min() / 1000));
        f.add(Long.toString(s.max() / 1000));
        f.add(String.format(Locale.ROOT, "%f", s.mean() / 1000));
        f.add(String.format(Locale.ROOT, "%f", s.stddev() / 1000));
    }

    private static String pct6(double v) {
        return String.format(Locale.ROOT, "%f%%", v);
    }

    private static String pct2(double v) {
        return String.format(Locale.ROOT, "%.2f%%", v);
    }
}
