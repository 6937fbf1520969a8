package org.hcasim.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** fio's normal (human) output for a run: job header lines, per-job (or group) blocks, run status lines. */
public final class FioTextReport {

    private FioTextReport() {
    }

    /** The lines fio prints before running: one description per job section, "..." for clones. */
    public static String header(JobFileParser.JobSet jobs) {
        StringBuilder out = new StringBuilder();
        String previous = null;
        for (FioJob job : jobs.jobs()) {
            String line = job.name() + ": (g=" + job.groupId() + "): " + job.describe();
            if (line.equals(previous)) {
                if (!out.toString().endsWith("...\n")) out.append("...\n");
            } else {
                out.append(line).append('\n');
            }
            previous = line;
        }
        out.append(FioFormat.FIO_VERSION).append('\n');
        int n = jobs.jobs().size();
        boolean threads = jobs.jobs().stream().allMatch(FioJob::thread);
        out.append("Starting ").append(n).append(' ').append(threads ? "thread" : "process").append(n == 1 ? "" : threads ? "s" : "es").append('\n');
        return out.toString();
    }

    /**
     * The report. With several initiator hosts it is shaped as fio's client mode: each host's report with every
     * line prefixed {@code <host> }, then one "All clients" block per group merging every host's jobs.
     */
    public static String render(FioResults results, long epochMillis) {
        return renderJobs(results, epochMillis) + faults(results);
    }

    /** The account of the run's injected faults after fio's report, when it injected any (docs/faults.md). */
    private static String faults(FioResults results) {
        if (results.faults == null) return "";
        StringBuilder out = new StringBuilder("\nhcasim faults (docs/faults.md):\n");
        List<String> lines = results.faults.lines();
        if (lines.isEmpty()) out.append("  none injected\n");
        for (String line : lines) out.append(line).append('\n');
        return out.toString();
    }

    private static String renderJobs(FioResults results, long epochMillis) {
        if (!results.clients()) return renderOne(results, epochMillis);
        StringBuilder out = new StringBuilder();
        for (String host : results.hosts) {
            for (String line : renderOne(results.forHost(host), epochMillis).split("\n", -1)) {
                if (!line.isEmpty()) out.append('<').append(host).append("> ").append(line);
                out.append('\n');
            }
            out.setLength(out.length() - 1);
        }
        Map<Integer, JobResult> groups = results.groups();
        for (JobResult g : groups.values()) {
            out.append('\n');
            job(out, g, g, epochMillis, "All clients", 0);
        }
        return out.toString();
    }

    private static String renderOne(FioResults results, long epochMillis) {
        StringBuilder out = new StringBuilder("\n");
        Map<Integer, JobResult> groups = results.groups();
        for (JobResult r : results.reported()) {
            job(out, r, groups.get(r.job.groupId()), epochMillis, r.job.name(), r.job.jobNumber() + 1);
        }
        for (Map.Entry<Integer, JobResult> g : groups.entrySet()) {
            out.append('\n').append("Run status group ").append(g.getKey()).append(" (all jobs):\n");
            List<JobResult> members = results.jobs.stream().filter(r -> r.job.groupId() == g.getKey()).toList();
            runStatus(out, "READ", g.getValue().read, members.stream().map(r -> r.read).toList());
            runStatus(out, "WRITE", g.getValue().write, members.stream().map(r -> r.write).toList());
        }
        return out.toString();
    }

    private static void job(StringBuilder out, JobResult r, JobResult group, long epochMillis, String name, int pid) {
        out.append(String.format(Locale.ROOT, "%s: (groupid=%d, jobs=%d): err=%2d: pid=%d: %s%n", name, r.job.groupId(),
                r.jobs, r.error, pid, FioFormat.ctime(epochMillis)));
        if (r.error != 0) {
            out.append("  error=").append(r.errorText).append('\n');
        }
        Reporting rep = r.job.reporting();
        direction(out, "read", r.read, group.read, rep);
        direction(out, "write", r.write, group.write, rep);
        LatencyStats lat = new LatencyStats();
        lat.add(r.read.lat);
        lat.add(r.write.lat);
        latencyDistribution(out, lat);
        if (r.sync.count() > 0) {
            out.append("  fsync/fdatasync/sync_file_range:\n");
            latencyLine(out, "    sync", r.sync);
            percentiles(out, "    sync", r.sync, rep.percentiles());
        }
        out.append(String.format(Locale.ROOT, "  cpu          : usr=%.2f%%, sys=%.2f%%, ctx=%d, majf=0, minf=0%n",
                r.usrPercent(), r.sysPercent(), r.contextSwitches));
        long submits = 0;
        for (long n : r.depthSubmits) submits += n;
        List<String> depths = new ArrayList<>();
        for (int i = 0; i < JobResult.DEPTH_LABELS.length; i++) {
            depths.add(JobResult.DEPTH_LABELS[i] + "=" + pct1(submits == 0 ? 0 : 100.0 * r.depthSubmits[i] / submits));
        }
        out.append("  IO depths    : ").append(String.join(", ", depths)).append('\n');
        out.append("     submit    : ").append(batches(r.submitBatches)).append('\n');
        out.append("     complete  : ").append(batches(r.completeBatches)).append('\n');
        out.append(String.format(Locale.ROOT, "     issued rwts: total=%d,%d,0,%d short=0,0,0,0 dropped=0,0,0,0%n",
                r.issuedReads, r.issuedWrites, r.issuedSyncs));
        out.append(String.format(Locale.ROOT, "     latency   : target=0, window=0, percentile=100.00%%, depth=%d%n", r.job.iodepth()));
        if (r.job.continueOnError() != 0) {
            out.append(String.format(Locale.ROOT, "  errors    : total=%d, first_error=%d/<%s>%n", r.totalErrors, r.firstError,
                    r.firstErrorText));
        }
        SteadyState ss = r.job.steadyState();
        if (ss != null && ss.enabled()) { // fio's show_ss_normal
            FioSteadyStateCriterion c = r.steadyState != null ? r.steadyState : new FioSteadyStateCriterion(ss);
            out.append(String.format(Locale.ROOT, "  steadystate  : attained=%s, bw=%s, iops=%s, %s%s=%.3f%s%n",
                    c.attained ? "yes" : "no", FioFormat.bw(SteadyStateJson.mean(c.ordered(c.bw))),
                    FioFormat.num2str(SteadyStateJson.mean(c.ordered(c.iops)), 4, false, ""), ss.iops() ? "iops" : "bw",
                    ss.slope() ? " slope" : " mean dev", c.criterion, ss.percent() ? "%" : ""));
        }
    }

    private static String batches(long[] counts) {
        long calls = 0;
        for (long n : counts) calls += n;
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < JobResult.BATCH_LABELS.length; i++) {
            parts.add(JobResult.BATCH_LABELS[i] + "=" + pct1(calls == 0 ? 0 : 100.0 * counts[i] / calls));
        }
        return String.join(", ", parts);
    }

    private static String pct1(double p) {
        return String.format(Locale.ROOT, "%.1f%%", p);
    }

    private static void direction(StringBuilder out, String name, DirectionStats d, DirectionStats group, Reporting rep) {
        if (d.ios == 0) return;
        out.append(String.format(Locale.ROOT, "  %s: IOPS=%s, BW=%s(%s/%dmsec)%n", name, FioFormat.num2str(d.iops(), 4, false, ""),
                FioFormat.bw(d.bwBytes()), FioFormat.num2str(d.bytes, 4, true, "B"), d.runtimeMs()));
        latencyLine(out, "    slat", d.slat);
        latencyLine(out, "    clat", d.clat);
        latencyLine(out, "     lat", d.lat);
        if (rep.slatPercentiles()) percentiles(out, "    slat", d.slat, rep.percentiles());
        if (rep.clatPercentiles()) percentiles(out, "    clat", d.clat, rep.percentiles());
        if (rep.latPercentiles()) percentiles(out, "     lat", d.lat, rep.percentiles());
        DirectionStats.Samples bw = d.bwSamplesKiB();
        if (bw.count() > 0 && rep.bw()) {
            out.append(String.format(Locale.ROOT, "   bw (  KiB/s): min=%d, max=%d, per=%.2f%%, avg=%.2f, stdev=%.2f, samples=%d%n",
                    bw.min(), bw.max(), group.bwBytes() == 0 ? 0 : 100.0 * d.bwBytes() / group.bwBytes(), bw.mean(), bw.stddev(), bw.count()));
            DirectionStats.Samples iops = d.iopsSamples();
            out.append(String.format(Locale.ROOT, "   iops        : min=%d, max=%d, avg=%.2f, stdev=%.2f, samples=%d%n",
                    iops.min(), iops.max(), iops.mean(), iops.stddev(), iops.count()));
        }
    }

    /** fio scales nsec to usec to msec while min, max, mean and stddev are all above 1000. */
    private static void latencyLine(StringBuilder out, String label, LatencyStats s) {
        if (s.count() == 0) return; // not measured (disable_*, gtod_reduce)
        double min = s.min(), max = s.max(), mean = s.mean(), dev = s.stddev();
        String[] units = {"nsec", "usec", "msec"};
        int u = 0;
        while (u < 2 && min > 1000 && max > 1000 && mean > 1000 && dev > 1000) {
            min /= 1000;
            max /= 1000;
            mean /= 1000;
            dev /= 1000;
            u++;
        }
        out.append(String.format(Locale.ROOT, "%s (%s): min=%d, max=%d, avg=%.2f, stdev=%.2f%n", label, units[u],
                (long) min, (long) max, mean, dev));
    }

    /** fio scales percentiles to usec when the smallest is above 2000 ns and the largest above 99999 ns (msec likewise). */
    private static void percentiles(StringBuilder out, String label, LatencyStats s, double[] list) {
        if (s.count() == 0) return;
        long minv = s.percentile(list[0]);
        long maxv = s.percentile(list[list.length - 1]);
        long div = minv > 2_000_000 && maxv > 99_999_999L ? 1_000_000 : minv > 2_000 && maxv > 99_999 ? 1_000 : 1;
        String unit = div == 1 ? "nsec" : div == 1000 ? "usec" : "msec";
        long[] values = new long[list.length];
        int width = 1;
        for (int i = 0; i < values.length; i++) {
            values[i] = s.percentile(list[i]) / div;
            width = Math.max(width, Long.toString(values[i]).length());
        }
        width = Math.max(width, 5);
        out.append(label).append(" percentiles (").append(unit).append("):\n");
        for (int i = 0; i < values.length; i++) {
            if (i % 4 == 0) out.append("     |");
            out.append(String.format(Locale.ROOT, " %5.2fth=[%" + width + "d]", list[i], values[i]));
            boolean last = i == values.length - 1;
            out.append(last ? "\n" : i % 4 == 3 ? ",\n" : ",");
        }
    }

    private static void latencyDistribution(StringBuilder out, LatencyStats lat) {
        if (lat.count() == 0) return;
        String[] names = {"nsec", "usec", "msec"};
        long[] units = {1, 1_000, 1_000_000};
        for (int u = 0; u < 3; u++) {
            List<String> parts = new ArrayList<>();
            long previous = u == 0 ? 0 : units[u] - 1;
            for (long b : FioJsonReport.BUCKETS) {
                long high = b * units[u] - 1;
                double p = lat.percentBetween(previous, high);
                if (p >= 0.01) parts.add(b + "=" + String.format(Locale.ROOT, "%.2f%%", p));
                previous = high;
            }
            if (u == 2) {
                double p = lat.percentBetween(previous, Long.MAX_VALUE);
                if (p >= 0.01) parts.add(">=2000=" + String.format(Locale.ROOT, "%.2f%%", p));
            }
            if (!parts.isEmpty()) {
                out.append(String.format(Locale.ROOT, "  lat (%s)   : %s%n", names[u], String.join(", ", parts)));
            }
        }
    }

    private static void runStatus(StringBuilder out, String dir, DirectionStats total, List<DirectionStats> members) {
        if (total.ios == 0) return;
        long minBw = Long.MAX_VALUE, maxBw = 0, minRun = Long.MAX_VALUE, maxRun = 0;
        for (DirectionStats m : members) {
            if (m.ios == 0) continue;
            minBw = Math.min(minBw, m.bwBytes());
            maxBw = Math.max(maxBw, m.bwBytes());
            minRun = Math.min(minRun, m.runtimeMs());
            maxRun = Math.max(maxRun, m.runtimeMs());
        }
        out.append(String.format(Locale.ROOT, "%7s: bw=%s, %s-%s (%s-%s), io=%s (%s), run=%d-%dmsec%n", dir,
                FioFormat.bw(total.bwBytes()),
                FioFormat.num2str(minBw, 4, true, "B/s"), FioFormat.num2str(maxBw, 4, true, "B/s"),
                FioFormat.num2str(minBw, 4, false, "B/s"), FioFormat.num2str(maxBw, 4, false, "B/s"),
                FioFormat.num2str(total.bytes, 4, true, "B"), FioFormat.num2str(total.bytes, 4, false, "B"), minRun, maxRun));
    }
}
