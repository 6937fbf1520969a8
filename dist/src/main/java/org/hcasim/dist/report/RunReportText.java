package org.hcasim.dist.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.hcasim.spi.CounterTable;
import org.hcasim.spi.ResourceUsage;
import org.hcasim.spi.RunReport;

/**
 * A run report as text: resources grouped by kind, busiest first within a kind, the bottleneck marked, and
 * for resources whose busy time is split by cause, the shares of the causes.
 */
public final class RunReportText {
    private RunReportText() { }

    public static String render(RunReport report) {
        if (report.resources().isEmpty()) {
            return "run report: " + report.bottleneckSentence() + "\n";
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "run report: %s simulated%n", duration(report.simulatedNs())));
        TextTable t = new TextTable("kind", "resource", "units>", "busy>", "");
        ResourceUsage bottleneck = report.bottleneck().orElse(null);
        for (ResourceUsage r : ordered(report)) {
            t.row(r.kind(), r.name(), Integer.toString(r.units()), Numbers.pct(100 * r.utilisation()),
                    note(r, r == bottleneck));
        }
        b.append(t.render("  "));
        b.append("  ").append(report.bottleneckSentence()).append('\n');
        if (!report.policies().isEmpty()) {
            List<String> p = new ArrayList<>();
            report.policies().forEach((key, name) -> p.add(key + " = " + name));
            b.append("  policies: ").append(String.join(", ", p)).append('\n');
        }
        report.memoryBytes().forEach((what, bytes) ->
                b.append("  memory: ").append(what).append(' ').append(bytes(bytes)).append('\n'));
        for (CounterTable table : report.tables()) {
            b.append("  ").append(table.title()).append(":\n").append(counters(table, "    "));
        }
        return b.toString();
    }

    /** A counter table with right-aligned columns, each line prefixed by {@code indent}. */
    public static String counters(CounterTable table, String indent) {
        TextTable t = new TextTable(table.columns().stream().map(c -> c + ">").toArray(String[]::new));
        for (List<Long> row : table.rows()) {
            t.row(row.stream().map(String::valueOf).toList());
        }
        return t.render(indent);
    }

    /** {@code <- bottleneck} and/or the cause shares, e.g. {@code <- bottleneck (list-fetch 87%, processing 13%)}. */
    private static String note(ResourceUsage r, boolean bottleneck) {
        String causes = r.causeShares().isEmpty() ? "" : "(" + r.causeShares() + ")";
        return bottleneck ? ("<- bottleneck " + causes).strip() : causes;
    }

    /**
     * Known kinds in {@link ResourceUsage#KINDS} order, then others by name. CPU lines keep their report order
     * (each host's core group followed by its busiest core); other kinds list the busiest first.
     */
    public static List<ResourceUsage> ordered(RunReport report) {
        List<ResourceUsage> in = report.resources();
        List<ResourceUsage> out = new ArrayList<>(in);
        out.sort(Comparator.comparingInt((ResourceUsage r) -> kindRank(r.kind()))
                .thenComparing(ResourceUsage::kind)
                .thenComparingDouble(r -> r.kind().equals("cpu") ? in.indexOf(r) : -r.utilisation())
                .thenComparing(ResourceUsage::name));
        return out;
    }

    private static int kindRank(String kind) {
        int i = ResourceUsage.KINDS.indexOf(kind);
        return i < 0 ? ResourceUsage.KINDS.size() : i;
    }

    /** Bytes in binary units with the exact count, e.g. {@code 96.0 MiB (100663296 bytes)}. */
    static String bytes(long n) {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return u == 0 ? n + " bytes" : String.format(Locale.ROOT, "%.1f %s (%d bytes)", v, units[u], n);
    }

    /** ns as the largest unit that keeps the number readable. */
    public static String duration(long ns) {
        if (ns >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.3f s", ns / 1e9);
        }
        if (ns >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.3f ms", ns / 1e6);
        }
        if (ns >= 1_000L) {
            return String.format(Locale.ROOT, "%.3f us", ns / 1e3);
        }
        return ns + " ns";
    }
}
