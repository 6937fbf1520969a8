package org.hcasim.dist.experiment.grid;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.config.UserException;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;

/**
 * The points an experiment runs: its axes, with the values {@code --axis name=v1,v2} chose, crossed in
 * axis order (first axis outermost) and filtered by {@link ExperimentDefinition#admits}.
 */
public record ExperimentGrid(ExperimentDefinition experiment, List<Axis> axes, List<Point> points) {

    public ExperimentGrid {
        axes = List.copyOf(axes);
        points = List.copyOf(points);
    }

    /** The default grid. */
    public static ExperimentGrid of(ExperimentDefinition experiment) {
        return of(experiment, Map.of());
    }

    /**
     * The grid with some axes' values replaced. An unknown axis or a value the axis does not allow is a
     * {@link UserException} listing the valid ones.
     */
    public static ExperimentGrid of(ExperimentDefinition experiment, Map<String, List<String>> axisValues) {
        List<Axis> axes = new ArrayList<>();
        Map<String, List<String>> left = new LinkedHashMap<>(axisValues);
        for (Axis axis : experiment.axes()) {
            List<String> chosen = left.remove(axis.name());
            if (chosen == null) {
                axes.add(axis);
                continue;
            }
            for (String v : chosen) {
                if (!axis.allowed().contains(v)) {
                    throw new UserException("experiment " + experiment.name() + ": axis " + axis.name()
                            + " has no value '" + v + "'; valid values: " + String.join(", ", axis.allowed()));
                }
            }
            if (chosen.isEmpty() || chosen.stream().distinct().count() != chosen.size()) {
                throw new UserException("experiment " + experiment.name() + ": axis " + axis.name()
                        + " needs distinct values, got '" + String.join(",", chosen) + "'");
            }
            axes.add(axis.withValues(chosen));
        }
        if (!left.isEmpty()) {
            throw new UserException("experiment " + experiment.name() + " has no axis '"
                    + left.keySet().iterator().next() + "'; axes: " + String.join(", ", axisNames(experiment)));
        }
        List<Point> points = new ArrayList<>();
        cross(experiment, axes, 0, new LinkedHashMap<>(), points);
        if (points.isEmpty()) {
            throw new UserException("experiment " + experiment.name() + ": the chosen axis values leave no point to run");
        }
        return new ExperimentGrid(experiment, axes, points);
    }

    private static void cross(ExperimentDefinition e, List<Axis> axes, int i, LinkedHashMap<String, String> at, List<Point> out) {
        if (i == axes.size()) {
            Point p = new Point(at);
            if (e.admits(p)) {
                out.add(p);
            }
            return;
        }
        Axis axis = axes.get(i);
        for (String v : axis.values()) {
            at.put(axis.name(), v);
            cross(e, axes, i + 1, at, out);
        }
        at.remove(axis.name());
    }

    public static List<String> axisNames(ExperimentDefinition e) {
        return e.axes().stream().map(Axis::name).toList();
    }

    /** The axis named {@code name} as this grid runs it. */
    public Axis axis(String name) {
        return axes.stream().filter(a -> a.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no axis " + name));
    }

    /** A point with the given coordinates, in this grid's axis order (for lookups by content). */
    public Point pointOf(Map<String, String> coordinates) {
        LinkedHashMap<String, String> m = new LinkedHashMap<>();
        for (Axis a : axes) {
            String v = coordinates.get(a.name());
            if (v != null) {
                m.put(a.name(), v);
            }
        }
        return new Point(m);
    }

    /**
     * Parses {@code --axis} options ({@code name=v1,v2}); a repeated axis or a malformed option is a
     * {@link UserException}.
     */
    public static Map<String, List<String>> parseAxisOptions(List<String> options) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String o : options) {
            int eq = o.indexOf('=');
            if (eq <= 0 || eq == o.length() - 1) {
                throw new UserException("--axis " + o + ": expected name=value[,value...], e.g. --axis bs=512,4096");
            }
            String name = o.substring(0, eq).strip();
            List<String> values = List.of(o.substring(eq + 1).split(",", -1)).stream().map(String::strip).toList();
            if (values.stream().anyMatch(String::isEmpty)) {
                throw new UserException("--axis " + o + ": empty value in the list");
            }
            if (out.put(name, values) != null) {
                throw new UserException("--axis " + name + " is given twice; list all values in one option");
            }
        }
        return out;
    }
}
