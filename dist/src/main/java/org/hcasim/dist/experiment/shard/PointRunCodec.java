package org.hcasim.dist.experiment.shard;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.spi.CounterTable;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ResourceUsage;
import org.hcasim.spi.RunReport;

/**
 * A point's run as a JSON tree and back, losing nothing: metrics and utilisations are written as Java prints a
 * double (the shortest text that parses back to the same value), so outputs rendered from a read-back run equal
 * those rendered from the run itself, byte for byte. The outputs' JSON rounds; this does not.
 */
final class PointRunCodec {
    private PointRunCodec() { }

    static Map<String, Object> tree(int index, PointRun run) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("index", index);
        m.put("point", run.point().coordinates());
        m.put("seed", run.seed());
        run.result().ifPresent(r -> {
            m.put("metrics", new LinkedHashMap<>(r.metrics()));
            m.put("report", report(r.report()));
        });
        run.failure().ifPresent(f -> m.put("failure", f));
        if (run.bug().isPresent()) m.put("internal_error", true);
        return m;
    }

    private static Map<String, Object> report(RunReport r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("simulated_ns", r.simulatedNs());
        List<Object> resources = new ArrayList<>();
        for (ResourceUsage u : r.resources()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("name", u.name());
            x.put("kind", u.kind());
            x.put("units", u.units());
            x.put("busy_ns", u.busyNs());
            x.put("utilisation", u.utilisation());
            x.put("busy_ns_by_cause", new LinkedHashMap<>(u.busyByCause()));
            resources.add(x);
        }
        m.put("resources", resources);
        m.put("policies", new LinkedHashMap<>(r.policies()));
        m.put("memory_bytes", new LinkedHashMap<>(r.memoryBytes()));
        List<Object> tables = new ArrayList<>();
        for (CounterTable t : r.tables()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("title", t.title());
            x.put("columns", t.columns());
            x.put("rows", t.rows());
            tables.add(x);
        }
        m.put("tables", tables);
        m.put("bound_by", r.boundBy());
        return m;
    }

    /** The run read back; {@code where} names the file and entry for the error on a malformed one. */
    static PointRun run(JsonNode n, String where) {
        Point point = new Point(strings(need(n, "point", where), where));
        long seed = need(n, "seed", where).asLong();
        if (n.has("metrics")) {
            Map<String, Double> metrics = new LinkedHashMap<>();
            need(n, "metrics", where).properties().forEach(e -> metrics.put(e.getKey(), e.getValue().doubleValue()));
            return PointRun.ok(point, seed, PointResult.of(metrics, report(need(n, "report", where), where)));
        }
        String failure = need(n, "failure", where).asText();
        return n.path("internal_error").asBoolean(false)
                ? PointRun.crashed(point, seed, failure, new IllegalStateException(failure))
                : PointRun.failed(point, seed, failure);
    }

    private static RunReport report(JsonNode n, String where) {
        List<ResourceUsage> resources = new ArrayList<>();
        for (JsonNode x : need(n, "resources", where)) {
            Map<String, Long> causes = new LinkedHashMap<>();
            need(x, "busy_ns_by_cause", where).properties().forEach(e -> causes.put(e.getKey(), e.getValue().asLong()));
            resources.add(new ResourceUsage(need(x, "name", where).asText(), need(x, "kind", where).asText(),
                    need(x, "units", where).asInt(), need(x, "busy_ns", where).asLong(), need(x, "utilisation", where).doubleValue(), causes));
        }
        Map<String, Long> memory = new LinkedHashMap<>();
        need(n, "memory_bytes", where).properties().forEach(e -> memory.put(e.getKey(), e.getValue().asLong()));
        List<CounterTable> tables = new ArrayList<>();
        for (JsonNode t : need(n, "tables", where)) {
            List<String> columns = new ArrayList<>();
            need(t, "columns", where).forEach(c -> columns.add(c.asText()));
            List<List<Long>> rows = new ArrayList<>();
            for (JsonNode row : need(t, "rows", where)) {
                List<Long> cells = new ArrayList<>();
                row.forEach(c -> cells.add(c.asLong()));
                rows.add(cells);
            }
            tables.add(new CounterTable(need(t, "title", where).asText(), columns, rows));
        }
        return new RunReport(need(n, "simulated_ns", where).asLong(), resources, strings(need(n, "policies", where), where),
                memory, tables, need(n, "bound_by", where).asText());
    }

    static Map<String, String> strings(JsonNode n, String where) {
        if (!n.isObject()) throw new ShardRecord.Malformed(where + ": expected an object of strings");
        Map<String, String> m = new LinkedHashMap<>();
        n.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    static JsonNode need(JsonNode n, String field, String where) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) throw new ShardRecord.Malformed(where + ": no '" + field + "'");
        return v;
    }
}
