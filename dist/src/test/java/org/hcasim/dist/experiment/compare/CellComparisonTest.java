package org.hcasim.dist.experiment.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hcasim.spi.Point;
import org.junit.jupiter.api.Test;

/** The unit rule: a metric named {@code *_pct} is a percentage, judged in points; all others relatively. */
class CellComparisonTest {

    static CellComparison cell(String metric, Double simulated, String reference) {
        Point p = new Point(Map.of("bs", "4096", "umr", "sg"));
        return new CellComparison(p, new Point(Map.of("bs", "4096")), "sg_" + metric, metric,
                Optional.ofNullable(simulated), Optional.ofNullable(reference).map(Cell::new));
    }

    @Test
    void aPercentageMetricIsJudgedInPercentagePointsNotRelatively() {
        // issue 7: 69.15 % against 61.35 % is 7.8 points off, not "+12.7 %"
        CellComparison cpu = cell("host_cpu_pct", 69.15, "61.35");

        assertThat(cpu.percentage()).isTrue();
        assertThat(cpu.errorPoints()).hasValueSatisfying(e -> assertThat(e).isCloseTo(7.8, within(1e-9)));
        assertThat(cpu.errorPct()).isEmpty();
        assertThat(cpu.errorText()).isEqualTo("+7.8 pt");
        assertThat(cell("cpu_pct", 9.5, "12").errorText()).isEqualTo("-2.5 pt");
    }

    @Test
    void aPercentageCellWithAZeroReferenceStillHasAPointError() {
        assertThat(cell("target_cpu_pct", 4.0, "0").errorText()).isEqualTo("+4.0 pt");
    }

    @Test
    void otherMetricsKeepTheRelativeError() {
        CellComparison iops = cell("kiops", 1150.0, "1000");

        assertThat(iops.percentage()).isFalse();
        assertThat(iops.errorPct()).hasValueSatisfying(e -> assertThat(e).isCloseTo(15.0, within(1e-9)));
        assertThat(iops.errorPoints()).isEmpty();
        assertThat(iops.errorText()).isEqualTo("+15.0%");
        // "pct" inside a name is not the suffix rule
        assertThat(CellComparison.isPercentage("pct_kiops")).isFalse();
    }

    @Test
    void withoutBothValuesThereIsNoError() {
        assertThat(cell("host_cpu_pct", null, "61.35").errorText()).isEmpty();
        assertThat(cell("kiops", 1000.0, null).errorText()).isEmpty();
    }

    @Test
    void theSummaryKeepsRelativeAndPointErrorsApart() {
        List<CellComparison> cells = List.of(cell("kiops", 1100.0, "1000"), cell("kiops", 700.0, "1000"),
                cell("host_cpu_pct", 69.15, "61.35"), cell("host_cpu_pct", 50.0, "51"));

        var relative = ExperimentOutcome.ErrorStats.of(cells, CellComparison::errorPct);
        var points = ExperimentOutcome.ErrorStats.of(cells, CellComparison::errorPoints);

        assertThat(relative.cells()).isEqualTo(2);
        assertThat(relative.meanAbs()).isCloseTo(20.0, within(1e-9));
        assertThat(relative.maxAbs()).isCloseTo(30.0, within(1e-9));
        assertThat(relative.worstCell()).contains(cells.get(1));
        assertThat(points.cells()).isEqualTo(2);
        assertThat(points.meanAbs()).isCloseTo(4.4, within(1e-9));
        assertThat(points.maxAbs()).isCloseTo(7.8, within(1e-9));
        assertThat(points.worstCell()).contains(cells.get(2));
    }
}
