package org.hcasim.dist.experiment.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.experiment.render.ReproduceOutputs;
import org.hcasim.dist.report.ChartWriter;
import org.hcasim.dist.report.Html;
import org.hcasim.dist.report.Numbers;
import org.hcasim.dist.report.PlotLayout;
import org.hcasim.dist.report.PlotSpec;
import org.hcasim.dist.report.RunReportJson;
import org.hcasim.dist.report.RunReportHtml;
import org.hcasim.dist.report.TextTable;
import org.hcasim.spi.Axis;

/**
 * A sweep's results: a table of the chosen metrics per point with its bottleneck (text), the same as CSV (one row per
 * point: the axes, then the metrics, {@link Numbers#CSV_DIGITS} significant digits, empty for a failed point), JSON
 * (every point's metrics and run report), one plot per metric ({@link PlotLayout}) and an index.html with all of it.
 */
public final class SweepOutputs {
    private SweepOutputs() { }

    /** The finished sweep: its grid, the runs in grid order and the metrics chosen for the table. */
    public record Result(ExperimentGrid grid, List<PointRun> runs, List<String> metrics) {
        List<String> axes() {
            return grid.axes().stream().map(Axis::name).toList();
        }

        String name() {
            return grid.experiment().name();
        }
    }

    public static String text(Result r) {
        StringBuilder b = new StringBuilder(r.grid().experiment().description()).append('\n');
        List<String> headers = new ArrayList<>(r.axes());
        r.metrics().forEach(m -> headers.add(m + ">"));
        headers.add("bottleneck");
        TextTable t = new TextTable(headers.toArray(String[]::new));
        for (PointRun run : r.runs()) {
            List<String> row = new ArrayList<>();
            r.axes().forEach(a -> row.add(run.point().get(a)));
            for (String m : r.metrics()) {
                row.add(run.failure().isPresent() ? "FAILED" : run.metric(m).map(Numbers::readable).orElse("-"));
            }
            row.add(run.result().map(x -> x.report().bottleneckSentence()).orElse(""));
            t.row(row);
        }
        b.append(t.render(""));
        for (PointRun run : r.runs()) {
            run.failure().ifPresent(f -> b.append("FAILED: ").append(run.point()).append(": ").append(f).append('\n'));
        }
        return b.toString();
    }

    public static String csv(Result r) {
        StringBuilder b = new StringBuilder("# ").append(r.grid().experiment().description()).append('\n');
        List<String> headers = new ArrayList<>(r.axes());
        headers.addAll(r.metrics());
        b.append(String.join(",", headers.stream().map(SweepOutputs::csvCell).toList())).append('\n');
        for (PointRun run : r.runs()) {
            List<String> row = new ArrayList<>();
            r.axes().forEach(a -> row.add(csvCell(run.point().get(a))));
            r.metrics().forEach(m -> row.add(run.metric(m).map(v -> Numbers.significant(v, Numbers.CSV_DIGITS)).orElse("")));
            b.append(String.join(",", row)).append('\n');
        }
        return b.toString();
    }

    private static String csvCell(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    public static String json(Result r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("sweep", r.name());
        m.put("description", r.grid().experiment().description());
        Map<String, Object> axes = new LinkedHashMap<>();
        r.grid().axes().forEach(a -> axes.put(a.name(), a.values()));
        m.put("axes", axes);
        m.put("metrics", r.metrics());
        List<Object> points = new ArrayList<>();
        for (PointRun run : r.runs()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("point", run.point().coordinates());
            x.put("seed", run.seed());
            run.result().ifPresent(res -> {
                Map<String, Object> metrics = new LinkedHashMap<>();
                res.metrics().forEach((k, v) -> metrics.put(k, Numbers.csvRounded(v)));
                x.put("metrics", metrics);
                x.put("report", RunReportJson.tree(res.report()));
            });
            run.failure().ifPresent(f -> x.put("failure", f));
            points.add(x);
        }
        m.put("points", points);
        return ReproduceOutputs.json(m);
    }

    /** One plot per chosen metric, by metric. */
    static Map<String, PlotSpec> plots(Result r) {
        Map<String, PlotSpec> out = new LinkedHashMap<>();
        for (String metric : r.metrics()) {
            List<PlotLayout.Value> values = new ArrayList<>();
            for (PointRun run : r.runs()) {
                values.add(new PlotLayout.Value(run.point(), run.metric(metric), java.util.Optional.empty(), ""));
            }
            out.put(metric, PlotLayout.of(r.name() + ": " + metric, metric, r.axes(), values));
        }
        return out;
    }

    /** Writes NAME.txt, .csv, .json, NAME-METRIC.png and .svg and index.html into {@code dir}; returns the index. */
    public static Path writeDirectory(Result r, Path dir) {
        try {
            Files.createDirectories(dir);
            write(dir.resolve(r.name() + ".txt"), text(r));
            write(dir.resolve(r.name() + ".csv"), csv(r));
            write(dir.resolve(r.name() + ".json"), json(r));
            Map<String, String> files = new LinkedHashMap<>();
            for (var plot : plots(r).entrySet()) {
                String base = r.name() + "-" + plot.getKey().replaceAll("[^A-Za-z0-9_.-]", "_");
                ChartWriter.writePng(plot.getValue(), dir.resolve(base + ".png"));
                ChartWriter.writeSvg(plot.getValue(), dir.resolve(base + ".svg"));
                files.put(plot.getKey(), base);
            }
            Path index = dir.resolve("index.html");
            write(index, html(r, files));
            return index;
        } catch (IOException e) {
            throw new UserException("--out " + dir + ": cannot write: " + e.getMessage());
        }
    }

    private static String html(Result r, Map<String, String> plots) {
        StringBuilder b = new StringBuilder("<h1>hcasim sweep: ").append(Html.escape(r.name())).append("</h1>\n<p>")
                .append(Html.escape(r.grid().experiment().description())).append("</p>\n");
        for (var plot : plots.entrySet()) {
            b.append(Html.figure(plot.getValue(), plot.getKey()));
        }
        b.append("<table>\n<tr>");
        r.axes().forEach(a -> b.append("<th>").append(Html.escape(a)).append("</th>"));
        r.metrics().forEach(m -> b.append("<th class=\"num\">").append(Html.escape(m)).append("</th>"));
        b.append("</tr>\n");
        for (PointRun run : r.runs()) {
            b.append("<tr>");
            r.axes().forEach(a -> b.append("<td>").append(Html.escape(run.point().get(a))).append("</td>"));
            for (String m : r.metrics()) {
                b.append("<td class=\"num\">").append(run.failure().isPresent() ? "<span class=\"miss\">failed</span>"
                        : Html.escape(run.metric(m).map(Numbers::readable).orElse("-"))).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n<h3>Run reports</h3>\n");
        for (PointRun run : r.runs()) {
            b.append("<details><summary>").append(Html.escape(run.point().toString())).append(": ")
                    .append(Html.escape(run.result().map(x -> x.report().bottleneckSentence()).orElse("FAILED: " + run.failure().orElse(""))))
                    .append("</summary>\n");
            run.result().ifPresent(res -> {
                RunReportHtml.table(b, res.report());
            });
            b.append("</details>\n");
        }
        return Html.page("hcasim sweep " + r.name(), b.toString());
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
