package org.hcasim.dist.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.svg.SVGGraphics2D;

/** Renders a {@link ChartSpec} with JFreeChart to PNG and SVG files. Needs no display (headless). */
public final class ChartWriter {
    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private ChartWriter() { }

    public static final int WIDTH = 800;
    public static final int HEIGHT = 480;

    /** Okabe-Ito colours: distinguishable with the common colour-vision deficiencies. */
    private static final Color[] PALETTE = {
        new Color(0x00, 0x72, 0xB2), new Color(0xD5, 0x5E, 0x00), new Color(0x00, 0x9E, 0x73),
        new Color(0xCC, 0x79, 0xA7), new Color(0xE6, 0x9F, 0x00), new Color(0x56, 0xB4, 0xE9),
        new Color(0x00, 0x00, 0x00), new Color(0xF0, 0xE4, 0x42)};

    private static final java.awt.Shape[] SHAPES = org.jfree.chart.plot.DefaultDrawingSupplier.createStandardSeriesShapes();

    /** Above this max/min ratio of positive values, a log value axis keeps the small values visible. */
    private static final double LOG_SCALE_RATIO = 100;

    public static JFreeChart chart(ChartSpec spec) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (ChartSpec.Series s : spec.series()) {
            for (String c : spec.categories()) {
                data.addValue(s.values().get(c), s.name(), c);
            }
        }
        JFreeChart chart = ChartFactory.createLineChart(spec.title(), spec.categoryLabel(), spec.valueLabel(), data,
                PlotOrientation.VERTICAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xDD, 0xDD, 0xDD));
        plot.setRangeGridlinesVisible(true);
        if (spec.categories().stream().mapToInt(String::length).sum() > 80) {
            plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        if (useLogScale(spec)) {
            LogAxis log = new LogAxis(spec.valueLabel() + " (log scale)");
            log.setSmallestValue(1e-9);
            plot.setRangeAxis(log);
        }
        LineAndShapeRenderer r = new LineAndShapeRenderer(true, true);
        List<String> groups = new ArrayList<>();
        for (int i = 0; i < spec.series().size(); i++) {
            ChartSpec.Series s = spec.series().get(i);
            if (!groups.contains(s.group())) {
                groups.add(s.group());
            }
            Color colour = PALETTE[groups.indexOf(s.group()) % PALETTE.length];
            r.setSeriesPaint(i, colour);
            // One shape and colour per group; simulated filled, reference hollow (white fill).
            r.setSeriesShape(i, SHAPES[groups.indexOf(s.group()) % SHAPES.length]);
            r.setSeriesFillPaint(i, s.reference() ? Color.WHITE : colour);
            r.setSeriesStroke(i, s.reference()
                    ? new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f)
                    : new BasicStroke(2.0f));
        }
        r.setUseFillPaint(true);
        r.setUseOutlinePaint(false);
        plot.setRenderer(r);
        return chart;
    }

    static boolean useLogScale(ChartSpec spec) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (ChartSpec.Series s : spec.series()) {
            for (Double v : s.values().values()) {
                if (v == null) {
                    continue;
                }
                if (v <= 0) {
                    return false;
                }
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        return max > 0 && max / min > LOG_SCALE_RATIO;
    }

    public static void writePng(ChartSpec spec, Path file) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart(spec), WIDTH, HEIGHT);
    }

    public static void writeSvg(ChartSpec spec, Path file) throws IOException {
        Files.writeString(file, svg(spec), StandardCharsets.UTF_8);
    }

    public static String svg(ChartSpec spec) {
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        g2.setDefsKeyPrefix("hcasim"); // fixed, not time-based, so the same chart gives the same file
        chart(spec).draw(g2, new Rectangle(0, 0, WIDTH, HEIGHT));
        // The element alone, without getSVGDocument's DOCTYPE: nothing in the file points to the network.
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + g2.getSVGElement() + "\n";
    }
}
