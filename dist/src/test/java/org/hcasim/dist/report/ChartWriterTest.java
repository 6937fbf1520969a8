package org.hcasim.dist.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.jfree.chart.axis.LogAxis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartWriterTest {

    static ChartSpec mrCacheLike(double strict100k) {
        return new ChartSpec("mr-cache: ms by policy", "mrs", "ms", List.of("1000", "10000", "100000"), List.of(
                new ChartSpec.Series("search_larger simulated", "search_larger", false, Map.of("1000", 14.0, "10000", 135.0, "100000", 11200.0)),
                new ChartSpec.Series("strict simulated", "strict", false, Map.of("1000", 14.0, "10000", 173.0, "100000", strict100k))));
    }

    @Test
    void valuesSpanningMoreThanAHundredfoldGetALogAxis() {
        assertThat(ChartWriter.chart(mrCacheLike(1740)).getCategoryPlot().getRangeAxis()).isInstanceOf(LogAxis.class);
        var narrow = new ChartSpec("t", "x", "y", List.of("a", "b"),
                List.of(new ChartSpec.Series("s", "g", false, Map.of("a", 10.0, "b", 900.0))));
        assertThat(ChartWriter.chart(narrow).getCategoryPlot().getRangeAxis()).isNotInstanceOf(LogAxis.class);
    }

    @Test
    void theSameChartGivesTheSameSvg() {
        assertThat(ChartWriter.svg(mrCacheLike(1740))).isEqualTo(ChartWriter.svg(mrCacheLike(1740)))
                .startsWith("<?xml").contains("<svg").doesNotContain("DOCTYPE");
    }

    @Test
    void pngDecodesAtTheChartSize(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("c.png");
        ChartWriter.writePng(mrCacheLike(1740), png);

        var image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(ChartWriter.WIDTH);
        assertThat(image.getHeight()).isEqualTo(ChartWriter.HEIGHT);
    }
}
