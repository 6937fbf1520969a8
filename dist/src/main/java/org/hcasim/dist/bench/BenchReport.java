package org.hcasim.dist.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.hcasim.dist.report.TextTable;

/** Bench results as text (aligned table) or a JSON-ready tree. */
public final class BenchReport {
    private BenchReport() { }

    public static String text(List<BenchResult> results) {
        TextTable t = new TextTable("run", "payload", "simulated I/Os>", "simulated>", "wall median>", "wall min>", "I/Os per wall s>",
                "cpu median>", "I/Os per cpu s>",
                "sim/wall>", "events/IO>", "alloc B/IO>");
        for (BenchResult r : results) {
            t.row(r.name(), r.payload(), Long.toString(r.simulatedIos()), ms(r.simulatedNs()), ms(r.medianWallNs()), ms(r.minWallNs()),
                    String.format(Locale.ROOT, "%.0f", r.iosPerWallSecond()),
                    r.medianCpuNs() < 0 ? "-" : ms(r.medianCpuNs()), String.format(Locale.ROOT, "%.0f", r.iosPerCpuSecond()),
                    String.format(Locale.ROOT, "%.4f", r.simulatedPerWall()),
                    String.format(Locale.ROOT, "%.1f", r.eventsPerIo()), String.format(Locale.ROOT, "%.0f", r.allocatedBytesPerIo()));
        }
        return t.render("");
    }

    public static Map<String, Object> tree(List<BenchResult> results, int warmups, int repeats) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("warmups", warmups);
        m.put("repeats", repeats);
        m.put("java", System.getProperty("java.version"));
        m.put("cores", Runtime.getRuntime().availableProcessors());
        List<Object> runs = new ArrayList<>();
        for (BenchResult r : results) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("name", r.name());
            x.put("wall_seconds", r.medianWallNs() / 1e9);
            x.put("events_per_second", Math.round(r.eventsPerWallSecond()));
            x.put("simulated_ios_per_wall_second", Math.round(r.iosPerWallSecond()));
            x.put("payload", r.payload());
            x.put("simulated_ios", r.simulatedIos());
            x.put("simulated_ns", r.simulatedNs());
            x.put("wall_ns", r.wallNs());
            x.put("wall_median_ns", r.medianWallNs());
            x.put("wall_min_ns", r.minWallNs());
            x.put("cpu_ns", r.cpuNs());
            x.put("cpu_median_ns", r.medianCpuNs());
            x.put("simulated_ios_per_cpu_second", Math.round(r.iosPerCpuSecond()));
            x.put("simulated_per_wall", r.simulatedPerWall());
            x.put("events", r.events());
            x.put("events_per_io", r.eventsPerIo());
            x.put("allocated_bytes", r.allocatedBytes());
            x.put("allocated_bytes_per_io", Math.round(r.allocatedBytesPerIo()));
            runs.add(x);
        }
        m.put("runs", runs);
        return m;
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.3f ms", ns / 1e6);
    }
}
