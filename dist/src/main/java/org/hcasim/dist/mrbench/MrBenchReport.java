package org.hcasim.dist.mrbench;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.hcasim.dist.experiment.MrBenchWorkload;
import org.hcasim.dist.report.RunReportJson;
import org.hcasim.dist.report.RunReportText;
import org.hcasim.spi.RunReport;

/** An mr-bench run as text (what ran, each phase's time and latency percentiles, the run report) or a JSON tree. */
final class MrBenchReport {
    /** The percentiles printed, as fio's clat percentiles. */
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private MrBenchReport() { }

    static String text(MrBenchWorkload bench, String where, RunReport report) {
        MrBenchWorkload.Options o = bench.options();
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "mr-bench: %d thread%s x %d MRs of %d pages (%s) on %s%n", o.threads(),
                o.threads() == 1 ? "" : "s", o.mrs(), o.pages(), o.bytes() / 1024 + " KiB", where));
        phase(b, "register", bench.allocElapsedNs(), bench.allocLatency(), o);
        if (o.free()) {
            phase(b, "deregister", bench.freeElapsedNs(), bench.freeLatency(), o);
        }
        b.append(report.bottleneckSentence()).append('\n');
        b.append(RunReportText.render(busyOnly(report))).append("  (resources that stayed idle are left out)\n");
        return b.toString();
    }

    private static RunReport busyOnly(RunReport r) {
        return new RunReport(r.simulatedNs(), r.resources().stream().filter(u -> u.busyNs() > 0).toList(), r.policies(),
                r.memoryBytes(), r.tables(), r.boundBy());
    }

    private static void phase(StringBuilder b, String what, long elapsedNs, Histogram latency, MrBenchWorkload.Options o) {
        long calls = (long) o.threads() * o.mrs();
        b.append(String.format(Locale.ROOT, "%s: %d calls in %s simulated (%.0f per second)%n", what, calls,
                RunReportText.duration(elapsedNs), calls / (elapsedNs / 1e9)));
        b.append(String.format(Locale.ROOT, "  latency (us): min %s, mean %s", us(latency.getMinValue()), us(latency.getMean())));
        for (double p : PERCENTILES) {
            b.append(", p").append(label(p)).append(' ').append(us(latency.getValueAtPercentile(p)));
        }
        b.append(", max ").append(us(latency.getMaxValue())).append('\n');
    }

    static Map<String, Object> tree(MrBenchWorkload bench, String where, RunReport report) {
        MrBenchWorkload.Options o = bench.options();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("threads", o.threads());
        m.put("mrs", o.mrs());
        m.put("pages", o.pages());
        m.put("testbed", where);
        m.put("register", phase(bench.allocElapsedNs(), bench.allocLatency(), o));
        if (o.free()) {
            m.put("deregister", phase(bench.freeElapsedNs(), bench.freeLatency(), o));
        }
        m.put("run_report", RunReportJson.tree(report));
        return m;
    }

    private static Map<String, Object> phase(long elapsedNs, Histogram latency, MrBenchWorkload.Options o) {
        Map<String, Object> m = new LinkedHashMap<>();
        long calls = (long) o.threads() * o.mrs();
        m.put("calls", calls);
        m.put("elapsed_ns", elapsedNs);
        m.put("calls_per_second", Math.round(calls / (elapsedNs / 1e9)));
        Map<String, Object> lat = new LinkedHashMap<>();
        lat.put("min", latency.getMinValue());
        lat.put("mean", Math.round(latency.getMean()));
        for (double p : PERCENTILES) {
            lat.put("p" + label(p), latency.getValueAtPercentile(p));
        }
        lat.put("max", latency.getMaxValue());
        m.put("latency_ns", lat);
        return m;
    }

    private static String label(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }

    private static String us(double ns) {
        return String.format(Locale.ROOT, ns >= 100_000 ? "%.0f" : "%.1f", ns / 1e3);
    }
}
