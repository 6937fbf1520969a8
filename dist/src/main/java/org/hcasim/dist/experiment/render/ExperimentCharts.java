package org.hcasim.dist.experiment.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hcasim.dist.experiment.compare.CellComparison;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.report.ChartSpec;
import org.hcasim.spi.Axis;
import org.hcasim.spi.Point;

/**
 * One chart per metric of an outcome: x = the point without its policy axis (only the axes that vary,
 * e.g. block size), one colour per policy, simulated solid beside reference dashed.
 */
public final class ExperimentCharts {
    private ExperimentCharts() { }

    /** Charts by metric name, in column order. */
    public static Map<String, ChartSpec> charts(ExperimentOutcome o) {
        String policyAxis = o.experiment().policyAxis();
        List<String> varying = o.grid().axes().stream()
                .filter(a -> !a.name().equals(policyAxis) && a.values().size() > 1).map(Axis::name).toList();
        Set<String> metrics = new LinkedHashSet<>();
        o.cells().forEach(c -> metrics.add(c.metric()));
        Map<String, ChartSpec> out = new LinkedHashMap<>();
        for (String metric : metrics) {
            List<String> categories = new ArrayList<>();
            Map<String, Map<String, Double>> sim = new LinkedHashMap<>();
            Map<String, Map<String, Double>> ref = new LinkedHashMap<>();
            for (CellComparison c : o.cells()) {
                if (!c.metric().equals(metric)) {
                    continue;
                }
                String category = category(c.point(), varying);
                if (!categories.contains(category)) {
                    categories.add(category);
                }
                String policy = c.point().get(policyAxis);
                c.simulated().ifPresent(v -> sim.computeIfAbsent(policy, k -> new LinkedHashMap<>()).put(category, v));
                c.referenceValue().ifPresent(v -> ref.computeIfAbsent(policy, k -> new LinkedHashMap<>()).put(category, v));
            }
            List<ChartSpec.Series> series = new ArrayList<>();
            for (String policy : o.grid().axis(policyAxis).values()) {
                if (sim.containsKey(policy)) {
                    series.add(new ChartSpec.Series(policy + " simulated", policy, false, sim.get(policy)));
                }
                if (ref.containsKey(policy)) {
                    series.add(new ChartSpec.Series(policy + " reference", policy, true, ref.get(policy)));
                }
            }
            String xLabel = varying.isEmpty() ? "point" : String.join(" / ", varying);
            out.put(metric, new ChartSpec(o.experiment().name() + ": " + metric + " by " + policyAxis,
                    xLabel, metric, categories, series));
        }
        return out;
    }

    private static String category(Point p, List<String> varying) {
        if (varying.isEmpty()) {
            return "all";
        }
        return String.join(" / ", varying.stream().map(p::get).toList());
    }
}
