package org.hcasim.dist.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.CounterTable;
import org.hcasim.spi.ResourceUsage;
import org.hcasim.spi.RunReport;

/** A run report as a JSON-ready tree (ordered maps), for the JSON outputs and the HTML page. */
public final class RunReportJson {
    private RunReportJson() { }

    public static Map<String, Object> tree(RunReport report) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("simulated_ns", report.simulatedNs());
        List<Object> resources = new ArrayList<>();
        for (ResourceUsage r : RunReportText.ordered(report)) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("name", r.name());
            x.put("kind", r.kind());
            x.put("units", r.units());
            x.put("busy_ns", r.busyNs());
            x.put("utilisation", Double.parseDouble(Numbers.significant(r.utilisation(), 4)));
            if (!r.busyByCause().isEmpty()) {
                x.put("busy_ns_by_cause", new LinkedHashMap<>(r.busyByCause()));
            }
            resources.add(x);
        }
        m.put("resources", resources);
        if (!report.policies().isEmpty()) {
            m.put("policies", new LinkedHashMap<>(report.policies()));
        }
        if (!report.memoryBytes().isEmpty()) {
            m.put("memory_bytes", new LinkedHashMap<>(report.memoryBytes()));
        }
        if (!report.tables().isEmpty()) {
            List<Object> tables = new ArrayList<>();
            for (CounterTable t : report.tables()) {
                Map<String, Object> x = new LinkedHashMap<>();
                x.put("title", t.title());
                List<Object> rows = new ArrayList<>();
                for (List<Long> row : t.rows()) {
                    Map<String, Object> cells = new LinkedHashMap<>();
                    for (int i = 0; i < row.size(); i++) {
                        cells.put(t.columns().get(i), row.get(i));
                    }
                    rows.add(cells);
                }
                x.put("rows", rows);
                tables.add(x);
            }
            m.put("tables", tables);
        }
        m.put("bottleneck", report.bottleneck().map(ResourceUsage::name).orElse(null));
        m.put("summary", report.bottleneckSentence());
        return m;
    }
}
