package org.hcasim.dist.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.awt.Shape;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/** Renders a {@link PlotSpec} with JFreeChart to PNG and SVG files. Needs no display (headless). */
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

    private static final Shape[] SHAPES = DefaultDrawingSupplier.createStandardSeriesShapes();

    /** Above this max/min ratio of positive values, a log value axis keeps the small values visible. */
    private static final double LOG_SCALE_RATIO = 100;

    public static JFreeChart chart(PlotSpec spec) {
        JFreeChart chart = spec.xAxis() == PlotSpec.XAxis.CATEGORY ? categoryChart(spec) : xyChart(spec);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        return chart;
    }

    /** Numbers along x: each simulated series a line, each reference series hollow markers labelled with their error. */
    private static JFreeChart xyChart(PlotSpec spec) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (PlotSpec.Series s : spec.series()) {
            XYSeries xy = new XYSeries(s.name(), false, true);
            s.points().forEach(p -> xy.add(p.x(), p.y()));
            data.addSeries(xy);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(spec.title(), spec.xLabel(), spec.yLabel(), data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        style(plot);
        if (spec.xAxis() == PlotSpec.XAxis.LOG2) {
            LogAxis x = new LogAxis(spec.xLabel());
            x.setBase(2);
            x.setTickUnit(new NumberTickUnit(1)); // a tick per power of two: 512, 1K, 2K, ...
            x.setNumberFormatOverride(new SizeFormat());
            x.setMinorTickCount(0);
            plot.setDomainAxis(x);
        }
        if (useLogScale(spec)) plot.setRangeAxis(logValueAxis(spec));
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer();
        List<String> groups = groups(spec);
        for (int i = 0; i < spec.series().size(); i++) {
            PlotSpec.Series s = spec.series().get(i);
            int g = groups.indexOf(s.group());
            Color colour = PALETTE[g % PALETTE.length];
            r.setSeriesPaint(i, colour);
            r.setSeriesShape(i, SHAPES[g % SHAPES.length]);
            r.setSeriesLinesVisible(i, !s.reference());
            r.setSeriesShapesFilled(i, !s.reference());
            r.setSeriesStroke(i, new BasicStroke(2.0f));
            for (PlotSpec.PlotPoint p : s.points()) {
                if (p.label().isEmpty()) continue;
                XYTextAnnotation a = new XYTextAnnotation(" " + p.label(), p.x(), p.y());
                a.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
                a.setPaint(colour);
                a.setTextAnchor(TextAnchor.CENTER_LEFT);
                plot.addAnnotation(a);
            }
        }
        r.setUseFillPaint(false);
        r.setDrawOutlines(true);
        plot.setRenderer(r);
        return chart;
    }

    /** Categories along x (HCAs, policy names): markers only, never a line from one category into the next. */
    private static JFreeChart categoryChart(PlotSpec spec) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (PlotSpec.Series s : spec.series()) {
            for (String c : spec.categories()) {
                data.addValue(s.points().stream().filter(p -> p.category().equals(c)).map(PlotSpec.PlotPoint::y)
                        .findFirst().orElse(null), s.name(), c);
            }
        }
        JFreeChart chart = ChartFactory.createLineChart(spec.title(), spec.xLabel(), spec.yLabel(), data,
                PlotOrientation.VERTICAL, true, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xDD, 0xDD, 0xDD));
        if (spec.categories().stream().mapToInt(String::length).sum() > 80) {
            plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        if (useLogScale(spec)) plot.setRangeAxis(logValueAxis(spec));
        LineAndShapeRenderer r = new LineAndShapeRenderer(false, true);
        List<String> groups = groups(spec);
        for (int i = 0; i < spec.series().size(); i++) {
            PlotSpec.Series s = spec.series().get(i);
            int g = groups.indexOf(s.group());
            r.setSeriesPaint(i, PALETTE[g % PALETTE.length]);
            r.setSeriesShape(i, SHAPES[g % SHAPES.length]);
            r.setSeriesShapesFilled(i, !s.reference());
        }
        r.setUseFillPaint(false);
        r.setDrawOutlines(true);
        plot.setRenderer(r);
        return chart;
    }

    private static void style(XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xDD, 0xDD, 0xDD));
        plot.setDomainGridlinePaint(new Color(0xEE, 0xEE, 0xEE));
    }

    private static List<String> groups(PlotSpec spec) {
        List<String> groups = new ArrayList<>();
        spec.series().forEach(s -> {
            if (!groups.contains(s.group())) groups.add(s.group());
        });
        return groups;
    }

    private static ValueAxis logValueAxis(PlotSpec spec) {
        LogAxis log = new LogAxis(spec.yLabel() + " (log scale)");
        log.setSmallestValue(1e-9);
        return log;
    }

    static boolean useLogScale(PlotSpec spec) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (PlotSpec.Series s : spec.series()) {
            for (PlotSpec.PlotPoint p : s.points()) {
                if (p.y() <= 0) {
                    return false;
                }
                min = Math.min(min, p.y());
                max = Math.max(max, p.y());
            }
        }
        return max > 0 && max / min > LOG_SCALE_RATIO;
    }

    public static void writePng(PlotSpec spec, Path file) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart(spec), WIDTH, HEIGHT);
    }

    public static void writeSvg(PlotSpec spec, Path file) throws IOException {
        Files.writeString(file, svg(spec), StandardCharsets.UTF_8);
    }

    public static String svg(PlotSpec spec) {
        SVGGraphics2D g2 = new SVGGraphics2D(WIDTH, HEIGHT);
        g2.setDefsKeyPrefix("hcasim"); // fixed, not time-based, so the same chart gives the same file
        chart(spec).draw(g2, new Rectangle(0, 0, WIDTH, HEIGHT));
        // The element alone, without getSVGDocument's DOCTYPE: nothing in the file points to the network.
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + g2.getSVGElement() + "\n";
    }

    /** Log2 tick labels as sizes: 512, 1K, 64K. */
    private static final class SizeFormat extends NumberFormat {
        private static final long serialVersionUID = 1L;

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return to.append(PlotLayout.sizeTick(number));
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(PlotLayout.sizeTick(number));
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException("tick labels are not parsed");
        }
    }
}
