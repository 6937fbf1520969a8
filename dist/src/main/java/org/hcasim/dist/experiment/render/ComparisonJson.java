package org.hcasim.dist.experiment.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.dist.experiment.compare.CellComparison;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.experiment.compare.PolicyComparison;
import org.hcasim.dist.experiment.compare.RatioResult;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.report.Numbers;
import org.hcasim.dist.report.RunReportJson;
import org.hcasim.spi.Axis;

/** The comparison as a JSON-ready tree: the same content as the text, plus every point's run report. */
public final class ComparisonJson {
    private ComparisonJson() { }

    public static Map<String, Object> tree(ExperimentOutcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        var e = o.experiment();
        m.put("experiment", e.name());
        m.put("description", e.description());
        // ordered: Map.of iterates in an order that changes from JVM to JVM, and shards run in different JVMs
        Map<String, Object> reference = new LinkedHashMap<>();
        reference.put("source", o.reference().source());
        reference.put("comments", o.reference().comments());
        m.put("reference", reference);
        m.put("columns", o.layout().headers());
        Map<String, Object> axes = new LinkedHashMap<>();
        for (Axis a : o.grid().axes()) {
            axes.put(a.name(), a.values());
        }
        m.put("axes", axes);
        m.put("policy_axis", e.policyAxis());

        List<Object> cells = new ArrayList<>();
        for (CellComparison c : o.cells()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("point", c.point().coordinates());
            x.put("column", c.header());
            x.put("metric", c.metric());
            x.put("simulated", c.simulated().map(Numbers::csvRounded).orElse(null));
            x.put("reference", c.referenceValue().orElse(null));
            x.put("unit", c.percentage() ? "pct" : "value");
            x.put("error_pct", c.errorPct().map(v -> Numbers.csvRounded(v)).orElse(null));
            x.put("error_points", c.errorPoints().map(v -> Numbers.csvRounded(v)).orElse(null));
            x.put("missing", c.missing());
            cells.add(x);
        }
        m.put("cells", cells);

        List<Object> comparisons = new ArrayList<>();
        for (PolicyComparison c : o.comparisons()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("context", c.context().coordinates());
            x.put("metric", c.metric());
            x.put("baseline", c.baseline());
            x.put("policy", c.policy());
            x.put("reference_change_pct", c.referenceChangePct().map(Numbers::csvRounded).orElse(null));
            x.put("simulated_change_pct", c.simulatedChangePct().map(Numbers::csvRounded).orElse(null));
            x.put("reference_direction", c.referenceDirection().map(Enum::name).orElse(null));
            x.put("simulated_direction", c.simulatedDirection().map(Enum::name).orElse(null));
            x.put("sign_agrees", c.comparable() ? c.signAgrees() : null);
            comparisons.add(x);
        }
        m.put("comparisons", comparisons);

        var s = o.summary();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("cells_compared", s.cellsCompared());
        summary.put("relative_cells", s.relative().cells());
        summary.put("mean_abs_error_pct", Numbers.csvRounded(s.relative().meanAbs()));
        summary.put("max_abs_error_pct", Numbers.csvRounded(s.relative().maxAbs()));
        summary.put("percentage_cells", s.points().cells());
        summary.put("mean_abs_error_points", Numbers.csvRounded(s.points().meanAbs()));
        summary.put("max_abs_error_points", Numbers.csvRounded(s.points().maxAbs()));
        summary.put("comparisons", s.comparisons());
        summary.put("signs_agree", s.signsAgree());
        summary.put("missing_cells", s.missingCells().size());
        summary.put("failed_points", s.failedPoints().size());
        List<Object> ratios = new ArrayList<>();
        for (RatioResult r : s.ratios()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("metric", r.declared().metric());
            x.put("policy", r.declared().policy());
            x.put("baseline", r.baseline());
            x.put("contexts", r.contexts());
            x.put("geometric_mean", r.simulated().isPresent() ? Numbers.csvRounded(r.simulated().getAsDouble()) : null);
            x.put("reference", r.declared().reference().isPresent() ? r.declared().reference().getAsDouble() : null);
            ratios.add(x);
        }
        summary.put("ratio_summaries", ratios);
        m.put("summary", summary);

        List<Object> points = new ArrayList<>();
        for (PointRun r : o.runs()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("point", r.point().coordinates());
            x.put("seed", r.seed());
            r.result().ifPresent(res -> {
                Map<String, Object> metrics = new LinkedHashMap<>();
                res.metrics().forEach((k, v) -> metrics.put(k, Numbers.csvRounded(v)));
                x.put("metrics", metrics);
                x.put("report", RunReportJson.tree(res.report()));
            });
            r.failure().ifPresent(f -> x.put("failure", f));
            points.add(x);
        }
        m.put("points", points);
        return m;
    }
}
