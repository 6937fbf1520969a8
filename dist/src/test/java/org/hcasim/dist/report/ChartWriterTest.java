package org.hcasim.dist.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.hcasim.spi.Point;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartWriterTest {

    private static Point point(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return new Point(m);
    }

    /** inline-umr's shape: two HCAs, block sizes, two policies, a reference for some cells. */
    static PlotSpec inlineUmrLike() {
        List<PlotLayout.Value> values = new ArrayList<>();
        for (String hca : List.of("connectx4", "connectx5")) {
            for (String bs : List.of("512", "4096", "65536")) {
                for (String umr : List.of("sg", "inline")) {
                    double v = (hca.equals("connectx4") ? 900 : 1000) * (umr.equals("sg") ? 1 : 1.3) * 4096 / Math.max(4096, Integer.parseInt(bs));
                    values.add(new PlotLayout.Value(point("hca", hca, "bs", bs, "umr", umr), Optional.of(v),
                            hca.equals("connectx5") ? Optional.of(v * 1.1) : Optional.empty(), hca.equals("connectx5") ? "-9.1%" : ""));
                }
            }
        }
        return PlotLayout.of("inline-umr: kiops", "kiops", List.of("hca", "bs", "umr"), values);
    }

    @Test
    void blockSizeIsALog2AxisWithASeriesPerHcaAndPolicy() {
        PlotSpec spec = inlineUmrLike();
        assertThat(spec.xAxis()).isEqualTo(PlotSpec.XAxis.LOG2);
        assertThat(spec.xLabel()).isEqualTo("bs (log2)");
        assertThat(spec.series()).extracting(PlotSpec.Series::name).containsExactly("connectx4 sg simulated",
                "connectx4 inline simulated", "connectx5 sg simulated", "connectx5 sg reference",
                "connectx5 inline simulated", "connectx5 inline reference");
        assertThat(spec.series().get(0).points()).extracting(PlotSpec.PlotPoint::x).containsExactly(512.0, 4096.0, 65536.0);
        XYPlot plot = ChartWriter.chart(spec).getXYPlot();
        LogAxis x = (LogAxis) plot.getDomainAxis();
        assertThat(x.getBase()).isEqualTo(2.0);
        assertThat(List.of(512.0, 1024.0, 4096.0, 65536.0).stream().map(PlotLayout::sizeTick).toList())
                .containsExactly("512", "1K", "4K", "64K");
        assertThat(plot.getAnnotations()).as("each reference's error beside it").hasSize(6);
    }

    @Test
    void referenceIsHollowMarkersWithoutALine() {
        PlotSpec spec = inlineUmrLike();
        var renderer = (org.jfree.chart.renderer.xy.XYLineAndShapeRenderer) ChartWriter.chart(spec).getXYPlot().getRenderer();
        for (int i = 0; i < spec.series().size(); i++) {
            boolean reference = spec.series().get(i).reference();
            assertThat(renderer.getSeriesLinesVisible(i)).isEqualTo(!reference);
            assertThat(renderer.getSeriesShapesFilled(i)).isEqualTo(!reference);
        }
    }

    @Test
    void namesAlongXAreCategoriesWithoutLines() {
        List<PlotLayout.Value> values = List.of(
                new PlotLayout.Value(point("hca", "connectx4", "umr", "sg"), Optional.of(1.0), Optional.empty(), ""),
                new PlotLayout.Value(point("hca", "connectx5", "umr", "sg"), Optional.of(2.0), Optional.empty(), ""));
        PlotSpec spec = PlotLayout.of("t", "kiops", List.of("hca", "umr"), values);
        assertThat(spec.xAxis()).isEqualTo(PlotSpec.XAxis.CATEGORY);
        var renderer = (org.jfree.chart.renderer.category.LineAndShapeRenderer) ChartWriter.chart(spec).getCategoryPlot().getRenderer();
        assertThat(renderer.getDefaultLinesVisible()).isFalse();
    }

    @Test
    void numbersThatAreNotPowersOfTwoAreLinear() {
        List<PlotLayout.Value> values = List.of(
                new PlotLayout.Value(point("inline", "0"), Optional.of(1.0), Optional.empty(), ""),
                new PlotLayout.Value(point("inline", "64"), Optional.of(2.0), Optional.empty(), ""));
        PlotSpec spec = PlotLayout.of("t", "kiops", List.of("inline"), values);
        assertThat(spec.xAxis()).isEqualTo(PlotSpec.XAxis.LINEAR);
        assertThat(ChartWriter.chart(spec).getXYPlot().getDomainAxis()).isInstanceOf(NumberAxis.class);
    }

    @Test
    void valuesSpanningMoreThanAHundredfoldGetALogValueAxis() {
        List<PlotLayout.Value> wide = List.of(
                new PlotLayout.Value(point("mrs", "1000"), Optional.of(14.0), Optional.empty(), ""),
                new PlotLayout.Value(point("mrs", "100000"), Optional.of(11200.0), Optional.empty(), ""));
        assertThat(ChartWriter.chart(PlotLayout.of("t", "ms", List.of("mrs"), wide)).getXYPlot().getRangeAxis()).isInstanceOf(LogAxis.class);
        List<PlotLayout.Value> narrow = List.of(
                new PlotLayout.Value(point("mrs", "1000"), Optional.of(10.0), Optional.empty(), ""),
                new PlotLayout.Value(point("mrs", "100000"), Optional.of(900.0), Optional.empty(), ""));
        assertThat(ChartWriter.chart(PlotLayout.of("t", "ms", List.of("mrs"), narrow)).getXYPlot().getRangeAxis()).isNotInstanceOf(LogAxis.class);
    }

    @Test
    void theSameChartGivesTheSameSvg() {
        assertThat(ChartWriter.svg(inlineUmrLike())).isEqualTo(ChartWriter.svg(inlineUmrLike()))
                .startsWith("<?xml").contains("<svg").doesNotContain("DOCTYPE");
    }

    @Test
    void pngDecodesAtTheChartSize(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("c.png");
        ChartWriter.writePng(inlineUmrLike(), png);

        var image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(ChartWriter.WIDTH);
        assertThat(image.getHeight()).isEqualTo(ChartWriter.HEIGHT);
    }
}
