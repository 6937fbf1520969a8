package org.hcasim.dist.experiment.render;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hcasim.dist.experiment.compare.Cell;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.experiment.compare.ReferenceLayout;
import org.hcasim.dist.experiment.compare.ReferenceTable;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.report.Numbers;
import org.hcasim.spi.Axis;
import org.hcasim.spi.Point;
import org.hcasim.spi.ReferenceColumn.AxisValue;
import org.hcasim.spi.ReferenceColumn.MetricValue;
import org.hcasim.spi.ReferenceColumn;

/**
 * The simulated values as a table with exactly the reference table's columns, one row per row of the
 * grid (points that share the key axes), so any tool comparing tables of that shape can compare it.
 * Cells of points that did not run or failed are empty. Values carry {@link Numbers#CSV_DIGITS}
 * significant digits. {@link ReferenceTable#read} reads it back.
 */
public final class ComparisonCsv {
    private ComparisonCsv() { }

    public static ReferenceTable table(ExperimentOutcome outcome) {
        ExperimentGrid grid = outcome.grid();
        ReferenceLayout layout = outcome.layout();
        Map<Point, PointRun> byPoint = new LinkedHashMap<>();
        outcome.runs().forEach(r -> byPoint.put(r.point(), r));
        Set<Point> rowKeys = new LinkedHashSet<>();
        grid.points().forEach(p -> rowKeys.add(layout.rowKey(p)));

        List<List<Cell>> rows = new ArrayList<>();
        for (Point rowKey : rowKeys) {
            List<Cell> row = new ArrayList<>();
            for (ReferenceColumn c : layout.columns()) {
                row.add(new Cell(switch (c) {
                    case AxisValue a -> rowKey.get(a.axis());
                    case MetricValue m -> {
                        PointRun run = byPoint.get(layout.pointOf(grid, rowKey, m));
                        yield run == null ? "" : run.metric(m.metric()).map(v -> Numbers.significant(v, Numbers.CSV_DIGITS)).orElse("");
                    }
                }));
            }
            rows.add(row);
        }
        List<String> comments = List.of(
                "simulated by hcasim reproduce " + grid.experiment().name() + " (reference: " + outcome.reference().source() + ")",
                "grid: " + String.join(" ", grid.axes().stream().map(ComparisonCsv::axisText).toList()));
        return new ReferenceTable(grid.experiment().name() + ".csv", comments, layout.headers(), rows);
    }

    public static String render(ExperimentOutcome outcome) {
        return table(outcome).toCsv();
    }

    private static String axisText(Axis a) {
        return a.name() + "=" + String.join(",", a.values());
    }
}
