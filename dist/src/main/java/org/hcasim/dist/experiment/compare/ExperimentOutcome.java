package org.hcasim.dist.experiment.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.ReferenceColumn.MetricValue;

/**
 * A finished sweep set beside its reference table: every cell, every policy comparison and the summary.
 * All output formats (text, CSV, JSON, HTML) render this one object, so they always agree.
 */
public record ExperimentOutcome(ExperimentGrid grid, ReferenceLayout layout, ReferenceTable reference,
                                List<PointRun> runs, List<CellComparison> cells,
                                List<PolicyComparison> comparisons, Summary summary) {

    /**
     * Mean and max absolute error over the cells with both values, kept apart by unit: relative error (%)
     * over the non-percentage cells, point error (pt) over the percentage cells, since the two don't mix.
     * Then sign agreement and the misses.
     */
    public record Summary(ErrorStats relative, ErrorStats points, int comparisons, int signsAgree,
                          List<PolicyComparison> signMisses, List<CellComparison> missingCells,
                          List<PointRun> failedPoints, List<RatioResult> ratios) {

        public int cellsCompared() {
            return relative.cells() + points.cells();
        }

        /** True when something could not be compared or a sign disagrees. */
        public boolean hasMisses() {
            return !signMisses.isEmpty() || !missingCells.isEmpty() || !failedPoints.isEmpty();
        }
    }

    /** Mean and max |error| over {@code cells} cells in one unit (% or pt), and the cell with the largest. */
    public record ErrorStats(int cells, double meanAbs, double maxAbs, Optional<CellComparison> worstCell) {

        static ErrorStats of(List<CellComparison> cells, Function<CellComparison, Optional<Double>> error) {
            int n = 0;
            double sum = 0;
            double max = 0;
            CellComparison worst = null;
            for (CellComparison c : cells) {
                Optional<Double> err = error.apply(c);
                if (err.isEmpty()) {
                    continue;
                }
                double abs = Math.abs(err.get());
                n++;
                sum += abs;
                if (worst == null || abs > max) {
                    worst = c;
                    max = abs;
                }
            }
            return new ErrorStats(n, n == 0 ? 0 : sum / n, max, Optional.ofNullable(worst));
        }
    }

    public ExperimentDefinition experiment() {
        return grid.experiment();
    }

    /** Joins the runs with the reference. */
    public static ExperimentOutcome of(ExperimentGrid grid, ReferenceTable reference, List<PointRun> runs) {
        ExperimentDefinition e = grid.experiment();
        ReferenceLayout layout = new ReferenceLayout(e);
        Map<ReferenceLayout.CellKey, Cell> refCells = layout.cells(grid, reference);
        Map<Point, PointRun> byPoint = new LinkedHashMap<>();
        runs.forEach(r -> byPoint.put(r.point(), r));

        List<CellComparison> cells = new ArrayList<>();
        Set<Point> rowKeys = new LinkedHashSet<>();
        grid.points().forEach(p -> rowKeys.add(layout.rowKey(p)));
        for (Point rowKey : rowKeys) {
            for (MetricValue column : layout.metricColumns()) {
                Point p = ranInstead(grid, layout.pointOf(grid, rowKey, column));
                PointRun run = byPoint.get(p);
                if (run == null) {
                    continue; // not in the grid that ran (e.g. --axis left this policy out)
                }
                Optional<Cell> ref = Optional.ofNullable(refCells.get(new ReferenceLayout.CellKey(p, column.metric())));
                cells.add(new CellComparison(p, rowKey, column.header(), column.metric(), run.metric(column.metric()), ref));
            }
        }
        cells.addAll(unreferencedPolicyCells(grid, layout, rowKeys, byPoint));
        List<PolicyComparison> comparisons = comparisons(grid, cells);
        String axis = e.policyAxis();
        List<RatioResult> ratios = e.ratioSummaries().stream()
                .map(r -> RatioResult.of(r, axis, grid.axis(axis).values().get(0), cells)).toList();
        return new ExperimentOutcome(grid, layout, reference, List.copyOf(runs), List.copyOf(cells),
                comparisons, summarise(cells, comparisons, runs, ratios));
    }

    /**
     * Cells of the policy values an experiment allows beyond its reference (e.g. {@code pa} next to the measured
     * {@code mtt} and {@code klm}): no column holds them, so they take the columns of the first policy value that has
     * columns, with the value swapped into the header ({@code read_kiops_mtt} gives {@code read_kiops_pa}). They have
     * no reference value; the CSV output, which has exactly the reference's columns, leaves them out.
     */
    private static List<CellComparison> unreferencedPolicyCells(ExperimentGrid grid, ReferenceLayout layout,
                                                                Set<Point> rowKeys, Map<Point, PointRun> byPoint) {
        String axis = grid.experiment().policyAxis();
        List<MetricValue> fixing = layout.metricColumns().stream().filter(m -> m.fixedAxes().containsKey(axis)).toList();
        if (fixing.isEmpty()) {
            return List.of();
        }
        Set<String> referenced = new LinkedHashSet<>();
        fixing.forEach(m -> referenced.add(m.fixedAxes().get(axis)));
        String template = fixing.get(0).fixedAxes().get(axis);
        List<CellComparison> out = new ArrayList<>();
        for (String value : grid.axis(axis).values()) {
            if (referenced.contains(value)) {
                continue;
            }
            for (Point rowKey : rowKeys) {
                for (MetricValue column : fixing) {
                    if (!column.fixedAxes().get(axis).equals(template)) {
                        continue;
                    }
                    Point p = layout.pointOf(grid, rowKey, column).with(axis, value);
                    PointRun run = byPoint.get(p);
                    if (run != null) {
                        String header = column.header().replaceAll("(?<![A-Za-z0-9])" + Pattern.quote(template)
                                + "(?![A-Za-z0-9])", Matcher.quoteReplacement(value));
                        out.add(new CellComparison(p, rowKey, header.equals(column.header()) ? header + "[" + axis + "="
                                + value + "]" : header, column.metric(), run.metric(column.metric()), Optional.empty()));
                    }
                }
            }
        }
        return out;
    }

    /** For each context and metric: baseline policy (first value run) against each other policy. */
    /**
     * The point a column stands for, or, when {@code --axis} replaced every value of an axis the column fixes (e.g.
     * {@code --axis ulp=srp} where the reference columns are NVMe-oF's), the point with the value that ran instead:
     * its cells show beside no reference rather than not at all.
     */
    private static Point ranInstead(ExperimentGrid grid, Point p) {
        Map<String, String> m = new LinkedHashMap<>(p.coordinates());
        for (org.hcasim.spi.Axis a : grid.axes()) {
            if (a.values().size() == 1 && !a.values().contains(m.get(a.name()))) {
                m.put(a.name(), a.values().get(0));
            }
        }
        return grid.pointOf(m);
    }

    private static List<PolicyComparison> comparisons(ExperimentGrid grid, List<CellComparison> cells) {
        ExperimentDefinition e = grid.experiment();
        String axis = e.policyAxis();
        List<String> policies = grid.axis(axis).values();
        Map<List<Object>, Map<String, CellComparison>> byContext = new LinkedHashMap<>();
        for (CellComparison c : cells) {
            byContext.computeIfAbsent(List.of(c.point().without(axis), c.metric()), k -> new LinkedHashMap<>())
                    .put(c.point().get(axis), c);
        }
        List<PolicyComparison> out = new ArrayList<>();
        String baseline = policies.get(0);
        for (var entry : byContext.entrySet()) {
            Map<String, CellComparison> perPolicy = entry.getValue();
            CellComparison base = perPolicy.get(baseline);
            if (base == null) {
                continue;
            }
            for (String policy : policies.subList(1, policies.size())) {
                CellComparison other = perPolicy.get(policy);
                if (other == null) {
                    continue;
                }
                out.add(new PolicyComparison((Point) entry.getKey().get(0), base.metric(), baseline, policy,
                        PolicyComparison.changePct(base.referenceValue(), other.referenceValue()),
                        PolicyComparison.changePct(base.simulated(), other.simulated()),
                        e.unchangedBelowPct()));
            }
        }
        return List.copyOf(out);
    }

    private static Summary summarise(List<CellComparison> cells, List<PolicyComparison> comparisons, List<PointRun> runs,
                                     List<RatioResult> ratios) {
        List<PolicyComparison> judged = comparisons.stream().filter(PolicyComparison::comparable).toList();
        return new Summary(ErrorStats.of(cells, CellComparison::errorPct), ErrorStats.of(cells, CellComparison::errorPoints),
                judged.size(),
                (int) judged.stream().filter(PolicyComparison::signAgrees).count(),
                judged.stream().filter(c -> !c.signAgrees()).toList(),
                // cells of failed points are explained by the failure; list only unexplained gaps
                cells.stream().filter(CellComparison::missing)
                        .filter(c -> runs.stream().noneMatch(r -> r.point().equals(c.point()) && r.failure().isPresent())).toList(),
                runs.stream().filter(r -> r.failure().isPresent()).toList(), ratios);
    }
}
