package org.hcasim.dist.experiment.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hcasim.dist.experiment.compare.CellComparison;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.report.PlotLayout;
import org.hcasim.dist.report.PlotSpec;
import org.hcasim.spi.Axis;

/**
 * One chart per metric of an outcome (so CPU is on a chart of its own), laid out by {@link PlotLayout}: x the first
 * numeric axis that varies (block size, on a log2 axis), one series per combination of the other axes (HCA and
 * policy), simulated filled beside the reference hollow with its error.
 */
public final class ExperimentCharts {
    private ExperimentCharts() { }

    /** Charts by metric name, in column order. */
    public static Map<String, PlotSpec> charts(ExperimentOutcome o) {
        List<String> axes = new ArrayList<>(o.grid().axes().stream().map(Axis::name).toList());
        // the policy varies fastest within a series' name: "connectx4 sg" rather than "sg connectx4"
        if (axes.remove(o.experiment().policyAxis())) axes.add(o.experiment().policyAxis());
        Set<String> metrics = new LinkedHashSet<>();
        o.cells().forEach(c -> metrics.add(c.metric()));
        Map<String, PlotSpec> out = new LinkedHashMap<>();
        for (String metric : metrics) {
            List<PlotLayout.Value> values = new ArrayList<>();
            for (CellComparison c : o.cells()) {
                if (c.metric().equals(metric)) {
                    values.add(new PlotLayout.Value(c.point(), c.simulated(), c.referenceValue(), c.errorText()));
                }
            }
            out.put(metric, PlotLayout.of(o.experiment().name() + ": " + metric, metric, axes, values));
        }
        return out;
    }
}
