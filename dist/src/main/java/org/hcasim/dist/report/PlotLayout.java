package org.hcasim.dist.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hcasim.spi.Point;

/**
 * Lays the values of a grid out as a {@link PlotSpec}, as an engineer would draw them: x is the first axis that
 * varies and has numbers (a size, with binary suffixes: log2 when every value is a power of two, linear otherwise),
 * one series per combination of the other varying axes (e.g. per HCA and policy), in grid order. Without such an axis
 * x is the first varying axis as categories and the series are markers only.
 */
public final class PlotLayout {
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)([kmgt]?)(?:i?b)?", Pattern.CASE_INSENSITIVE);

    /** One point's value of the plotted metric: simulated and/or reference, and the reference's error as text. */
    public record Value(Point point, Optional<Double> simulated, Optional<Double> reference, String error) {
    }

    private PlotLayout() { }

    /** {@code axisOrder}: the grid's axes in order (the first numeric varying one becomes x). */
    public static PlotSpec of(String title, String yLabel, List<String> axisOrder, List<Value> values) {
        List<String> varying = new ArrayList<>();
        for (String axis : axisOrder) {
            Set<String> seen = new LinkedHashSet<>();
            values.forEach(v -> seen.add(v.point().get(axis)));
            if (seen.size() > 1) varying.add(axis);
        }
        String x = varying.stream().filter(a -> values.stream().allMatch(v -> number(v.point().get(a)).isPresent()))
                .findFirst().orElse(varying.isEmpty() ? null : varying.get(0));
        PlotSpec.XAxis kind = x == null || values.stream().anyMatch(v -> number(v.point().get(x)).isEmpty())
                ? PlotSpec.XAxis.CATEGORY
                : values.stream().allMatch(v -> powerOfTwo(number(v.point().get(x)).get())) ? PlotSpec.XAxis.LOG2
                : PlotSpec.XAxis.LINEAR;
        List<String> others = varying.stream().filter(a -> !a.equals(x)).toList();
        List<String> categories = new ArrayList<>();
        Map<String, List<PlotSpec.PlotPoint>> sim = new LinkedHashMap<>();
        Map<String, List<PlotSpec.PlotPoint>> ref = new LinkedHashMap<>();
        for (Value v : values) {
            String category = x == null ? "all" : v.point().get(x);
            if (!categories.contains(category)) categories.add(category);
            double xv = kind == PlotSpec.XAxis.CATEGORY ? categories.indexOf(category) : number(category).get();
            String group = others.isEmpty() ? "simulated" : String.join(" ", others.stream().map(a -> seriesLabel(a, v.point().get(a))).toList());
            sim.computeIfAbsent(group, g -> new ArrayList<>());
            v.simulated().ifPresent(y -> sim.get(group).add(new PlotSpec.PlotPoint(category, xv, y, "")));
            v.reference().ifPresent(y -> ref.computeIfAbsent(group, g -> new ArrayList<>())
                    .add(new PlotSpec.PlotPoint(category, xv, y, v.error())));
        }
        List<PlotSpec.Series> series = new ArrayList<>();
        boolean anyReference = !ref.isEmpty();
        for (String group : sim.keySet()) {
            String name = others.isEmpty() ? "" : group;
            String simulated = anyReference ? (name + " simulated").strip() : name.isEmpty() ? "simulated" : name;
            if (!sim.get(group).isEmpty()) series.add(new PlotSpec.Series(simulated, group, false, sorted(sim.get(group))));
            if (ref.containsKey(group)) series.add(new PlotSpec.Series((name + " reference").strip(), group, true, sorted(ref.get(group))));
        }
        String xLabel = x == null ? "point" : x + (kind == PlotSpec.XAxis.LOG2 ? " (log2)" : "");
        String legend = others.isEmpty() ? "" : " (series: " + String.join(", ", others) + ")";
        return new PlotSpec(title + legend, xLabel, yLabel, kind, categories, series);
    }

    /** A series' part for one axis: a name as it is ({@code connectx5}, {@code sg}), a number with its key ({@code inline-max-bytes=64}). */
    private static String seriesLabel(String axis, String value) {
        return number(value).isPresent() ? axis.substring(axis.lastIndexOf('.') + 1) + "=" + value : value;
    }

    private static List<PlotSpec.PlotPoint> sorted(List<PlotSpec.PlotPoint> points) {
        List<PlotSpec.PlotPoint> out = new ArrayList<>(points);
        out.sort(java.util.Comparator.comparingDouble(PlotSpec.PlotPoint::x));
        return out;
    }

    /** A number as an axis value may write it: {@code 4096}, {@code 4k} (binary suffixes), {@code 0.5}. */
    static Optional<Double> number(String text) {
        if (text == null) return Optional.empty();
        Matcher m = SIZE.matcher(text.strip());
        if (!m.matches()) return Optional.empty();
        double v = Double.parseDouble(m.group(1));
        int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        return Optional.of(v * (1L << shift));
    }

    private static boolean powerOfTwo(double v) {
        long l = (long) v;
        return v >= 1 && l == v && Long.bitCount(l) == 1;
    }

    /** A size as its natural tick: 512, 1K, 64K, 1M. */
    public static String sizeTick(double v) {
        long l = Math.round(v);
        if (l >= 1L << 30 && l % (1L << 30) == 0) return (l >> 30) + "G";
        if (l >= 1L << 20 && l % (1L << 20) == 0) return (l >> 20) + "M";
        if (l >= 1024 && l % 1024 == 0) return (l >> 10) + "K";
        return Long.toString(l);
    }
}
