package org.hcasim.dist.experiment.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.ReferenceColumn.AxisValue;
import org.hcasim.spi.ReferenceColumn.MetricValue;
import org.hcasim.spi.ReferenceColumn;

/**
 * The mapping between an experiment's points and metrics and the rows and columns of its reference
 * table: which row holds a point (its values in the {@link AxisValue} columns) and which column holds
 * each of its metrics (the {@link MetricValue} column whose fixed axes the point matches).
 */
public final class ReferenceLayout {

    /** One metric of one point: the unit reference tables and simulations are compared in. */
    public record CellKey(Point point, String metric) { }

    private final ExperimentDefinition experiment;
    private final List<ReferenceColumn> columns;
    private final List<AxisValue> keyColumns = new ArrayList<>();
    private final List<MetricValue> metricColumns = new ArrayList<>();

    public ReferenceLayout(ExperimentDefinition experiment) {
        this.experiment = experiment;
        this.columns = List.copyOf(experiment.columns());
        for (ReferenceColumn c : columns) {
            switch (c) {
                case AxisValue a -> keyColumns.add(a);
                case MetricValue m -> metricColumns.add(m);
            }
        }
        validate();
    }

    /** Bugs in a definition are found when it is registered, not halfway through a sweep. */
    private void validate() {
        String where = "experiment " + experiment.name() + ": ";
        Map<String, Axis> axes = new LinkedHashMap<>();
        experiment.axes().forEach(a -> axes.put(a.name(), a));
        if (axes.size() != experiment.axes().size()) {
            throw new IllegalStateException(where + "two axes share a name");
        }
        if (!axes.containsKey(experiment.policyAxis())) {
            throw new IllegalStateException(where + "policy axis '" + experiment.policyAxis() + "' is not an axis " + axes.keySet());
        }
        Set<String> headers = new HashSet<>();
        for (ReferenceColumn c : columns) {
            if (!headers.add(c.header())) {
                throw new IllegalStateException(where + "column " + c.header() + " appears twice");
            }
        }
        Set<String> keyAxes = new HashSet<>();
        for (AxisValue k : keyColumns) {
            if (!axes.containsKey(k.axis())) {
                throw new IllegalStateException(where + "column " + k.header() + " holds unknown axis " + k.axis());
            }
            keyAxes.add(k.axis());
        }
        if (metricColumns.isEmpty()) {
            throw new IllegalStateException(where + "no metric column");
        }
        for (MetricValue m : metricColumns) {
            Set<String> covered = new HashSet<>(keyAxes);
            m.fixedAxes().forEach((axis, value) -> {
                Axis a = axes.get(axis);
                if (a == null || !a.allowed().contains(value)) {
                    throw new IllegalStateException(where + "column " + m.header() + " fixes " + axis + "=" + value
                            + ", which is not an axis value");
                }
                if (keyAxes.contains(axis)) {
                    throw new IllegalStateException(where + "column " + m.header() + " fixes " + axis + ", which a key column holds");
                }
                covered.add(axis);
            });
            if (!covered.equals(axes.keySet())) {
                throw new IllegalStateException(where + "column " + m.header() + " does not determine a point: axes "
                        + axes.keySet() + ", but key columns and fixed axes give " + covered);
            }
        }
    }

    public List<ReferenceColumn> columns() {
        return columns;
    }

    public List<String> headers() {
        return columns.stream().map(ReferenceColumn::header).toList();
    }

    public List<MetricValue> metricColumns() {
        return List.copyOf(metricColumns);
    }

    /** The table's header must be exactly the experiment's columns. */
    public void checkHeader(ReferenceTable table) {
        if (!table.columns().equals(headers())) {
            throw new IllegalStateException("experiment " + experiment.name() + ": " + table.source() + " has columns "
                    + table.columns() + " but the experiment declares " + headers());
        }
    }

    /** The row a point belongs to: its values of the key axes. */
    public Point rowKey(Point point) {
        Map<String, String> m = new LinkedHashMap<>();
        for (AxisValue k : keyColumns) {
            m.put(k.axis(), point.get(k.axis()));
        }
        return new Point(m);
    }

    /** The column holding {@code metric} of {@code point}, if the table has one. */
    public Optional<MetricValue> columnOf(Point point, String metric) {
        return metricColumns.stream()
                .filter(m -> m.metric().equals(metric))
                .filter(m -> m.fixedAxes().entrySet().stream()
                        .allMatch(e -> e.getValue().equals(point.coordinates().get(e.getKey()))))
                .findFirst();
    }

    /** The point a metric column of a row stands for, coordinates in grid order. */
    public Point pointOf(ExperimentGrid grid, Point rowKey, MetricValue column) {
        Map<String, String> m = new LinkedHashMap<>(rowKey.coordinates());
        m.putAll(column.fixedAxes());
        return grid.pointOf(m);
    }

    /** Every numeric cell of {@code table} as (point, metric) -> value; a text cell in a metric column is an error. */
    public Map<CellKey, Cell> cells(ExperimentGrid grid, ReferenceTable table) {
        checkHeader(table);
        Map<CellKey, Cell> out = new LinkedHashMap<>();
        for (Map<String, Cell> row : table.rowMaps()) {
            Map<String, String> key = new LinkedHashMap<>();
            for (AxisValue k : keyColumns) {
                key.put(k.axis(), row.get(k.header()).text());
            }
            Point rowKey = new Point(key);
            for (MetricValue m : metricColumns) {
                Cell c = row.get(m.header());
                if (c.isEmpty()) {
                    continue;
                }
                if (!c.isNumber()) {
                    throw new org.hcasim.core.config.UserException(table.source() + ": column " + m.header()
                            + " holds '" + c.text() + "', not a number (row " + rowKey + ")");
                }
                out.put(new CellKey(pointOf(grid, rowKey, m), m.metric()), c);
            }
        }
        return out;
    }
}
