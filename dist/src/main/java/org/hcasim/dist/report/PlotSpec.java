package org.hcasim.dist.report;

import java.util.List;

/**
 * A chart of a metric over the points of a grid: x is a numeric axis (block or message size on a log2 scale, other
 * numbers linear) along which each series is a line, or a categorical axis, where series are markers only (a line
 * from one category to the next, e.g. from one HCA to another, would join things that do not follow each other).
 * One colour per group (an HCA and policy, ...); simulated values filled, reference values hollow, with their error
 * as a label.
 */
public record PlotSpec(String title, String xLabel, String yLabel, XAxis xAxis, List<String> categories, List<Series> series) {

    /** How the x values are laid out. */
    public enum XAxis { LOG2, LINEAR, CATEGORY }

    public PlotSpec {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
    }

    /** One series: its points in x order; {@code reference} series are drawn as hollow markers without a line. */
    public record Series(String name, String group, boolean reference, List<PlotPoint> points) {
        public Series {
            points = List.copyOf(points);
        }
    }

    /**
     * One value: {@code category} is the x value as written (the category on a categorical axis), {@code x} its number
     * on a numeric one; {@code label} is drawn beside the marker (a reference's error), empty for none.
     */
    public record PlotPoint(String category, double x, double y, String label) {
    }
}
