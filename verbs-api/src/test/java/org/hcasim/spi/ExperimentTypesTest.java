package org.hcasim.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The value types of the experiment SPI. */
class ExperimentTypesTest {

    @Test
    void anAxisRunsItsDefaultsAndAcceptsItsAllowedValues() {
        Axis bs = Axis.of("bs", List.of("512", "4096"), List.of("1024", "512"));

        assertThat(bs.values()).containsExactly("512", "4096");
        assertThat(bs.allowed()).containsExactly("512", "4096", "1024");
        assertThat(bs.withValues(List.of("1024")).values()).containsExactly("1024");
        assertThatThrownBy(() -> bs.withValues(List.of("777"))).hasMessageContaining("not all in the allowed values");
        assertThatThrownBy(() -> Axis.of("p", "a", "a")).hasMessage("axis p repeats a value: [a, a]");
    }

    @Test
    void pointsAreEqualByCoordinatesAndPrintInAxisOrder() {
        Point p = new Point(new java.util.LinkedHashMap<>(Map.of("hca", "connectx5"))).with("bs", "512").with("umr", "sg");

        assertThat(p).hasToString("hca=connectx5 bs=512 umr=sg");
        assertThat(p.without("umr")).isEqualTo(new Point(Map.of("bs", "512", "hca", "connectx5")));
        assertThat(p.getInt("bs")).isEqualTo(512);
        assertThatThrownBy(() -> p.get("qd")).hasMessage("point hca=connectx5 bs=512 umr=sg has no axis 'qd'");
    }

    @Test
    void theBottleneckIsTheBusiestResourceOnlyWhenSaturated() {
        long s = 1_000_000;
        RunReport busy = new RunReport(s, List.of(ResourceUsage.of("host/cpus", "cpu", 4, 2 * s, s),
                ResourceUsage.of("hca/pcie.up", "pcie", 1, 950_000, s)));
        RunReport idle = new RunReport(s, List.of(ResourceUsage.of("hca/pcie.up", "pcie", 1, 400_000, s)));

        assertThat(busy.bottleneck()).map(ResourceUsage::name).contains("hca/pcie.up");
        assertThat(busy.bottleneckSentence()).isEqualTo("bottleneck: hca/pcie.up (pcie, 95.0% busy)");
        assertThat(idle.bottleneck()).isEmpty();
        assertThat(idle.bottleneckSentence()).startsWith("no saturated resource (busiest: hca/pcie.up at 40.0%)");
        assertThat(RunReport.none().bottleneckSentence()).isEqualTo("no resources recorded");
    }

    @Test
    void aBottleneckWhoseBusyTimeIsSplitByCauseSaysWhatItWasBusyWithLargestFirst() {
        long s = 1_000_000;
        ResourceUsage umr = ResourceUsage.of("initiator/mlx5_0/umr-engine", "hca-engine", 1, 995_000, s)
                .withCauses(java.util.Map.of("processing", 129_350L, "registration-list fetch", 865_650L));
        RunReport report = new RunReport(s, List.of(ResourceUsage.of("host/cpus", "cpu", 4, s, s), umr));

        assertThat(umr.causeShares()).isEqualTo("registration-list fetch 87%, processing 13%");
        assertThat(report.bottleneckSentence()).isEqualTo("bottleneck: initiator/mlx5_0/umr-engine "
                + "(hca-engine, 99.5% busy: registration-list fetch 87%, processing 13%)");
        assertThat(ResourceUsage.of("wire", "link", 1, 5, 10).causeShares()).as("not split").isEmpty();
    }

    @Test
    void utilisationIsBusyTimeOverUnitsTimesInterval() {
        assertThat(ResourceUsage.of("c", "cpu", 24, 12_000, 1_000).utilisation()).isEqualTo(0.5);
        assertThat(ResourceUsage.of("c", "cpu", 1, 2_000, 1_000).utilisation()).isEqualTo(1.0);
        assertThat(ResourceUsage.of("c", "cpu", 1, 0, 0).utilisation()).isZero();
    }

    @Test
    void metricsMustBeFiniteNumbers() {
        assertThatThrownBy(() -> PointResult.of(Map.of("kiops", Double.NaN), RunReport.none()))
                .hasMessage("metric kiops is not a finite number: NaN");
    }

    @Test
    void metricsKeepTheirMapsOrderOrWithoutOneAreSortedByName() {
        var ordered = new java.util.LinkedHashMap<String, Double>();
        ordered.put("rtt_us", 1.0);
        ordered.put("iops", 2.0);
        assertThat(PointResult.of(ordered, RunReport.none()).metrics().keySet()).containsExactly("rtt_us", "iops");
        // Map.of iterates in an order that depends on the JVM's salt: outputs must not
        assertThat(PointResult.of(Map.of("tx_per_s", 1.0, "rtt_us", 2.0, "iops", 3.0, "cpu_pct", 4.0), RunReport.none())
                .metrics().keySet()).containsExactly("cpu_pct", "iops", "rtt_us", "tx_per_s");
        PointResult r = PointResult.of(ordered, RunReport.none());
        assertThat(PointResult.of(r.metrics(), RunReport.none()).metrics().keySet()).containsExactly("rtt_us", "iops");
    }
}
