package org.hcasim.dist.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.ResourceRegistry;
import org.hcasim.core.sim.Timeline;
import org.hcasim.spi.ResourceUsage;
import org.hcasim.spi.RunReport;
import org.junit.jupiter.api.Test;

class RunReportsTest {

    @Test
    void coresAreGroupedPerHostWithTheBusiestCoreShownAndTheBottleneckNamed() {
        ResourceRegistry reg = new ResourceRegistry();
        Timeline cpu0 = reg.register(new Timeline("target/cpu0", ResourceKind.CORE, 1));
        reg.register(new Timeline("target/cpu1", ResourceKind.CORE, 1));
        Timeline pcie = reg.register(new Timeline("hca0/pcie-to-host", ResourceKind.PCIE, 1));
        cpu0.acquire(0, 950);   // the IRQ core: 95 % busy
        pcie.acquire(0, 400);

        RunReport r = RunReports.from(reg, 1_000);

        assertThat(r.resources()).extracting(ResourceUsage::name)
                .containsExactly("target/cpus", "target/cpu0 (busiest core)", "hca0/pcie-to-host");
        assertThat(r.resources().get(0).utilisation()).isEqualTo(0.475);
        assertThat(r.resources().get(0).units()).isEqualTo(2);
        assertThat(r.bottleneck()).map(ResourceUsage::name).contains("target/cpu0 (busiest core)");
        assertThat(RunReportText.render(r)).containsSubsequence("target/cpus", "target/cpu0 (busiest core)", "hca0/pcie-to-host")
                .contains("cpu   target/cpu0 (busiest core)      1  95.0%  <- bottleneck",
                "pcie  hca0/pcie-to-host               1  40.0%",
                "bottleneck: target/cpu0 (busiest core) (cpu, 95.0% busy)");
    }

    @Test
    void aBottleneckWhoseBusyTimeIsSplitByCauseIsExplainedInTextAndJson() {
        ResourceRegistry reg = new ResourceRegistry();
        Timeline umr = reg.register(new Timeline("initiator/mlx5_0/umr-engine", ResourceKind.HCA_ENGINE, 1))
                .otherCause("processing");
        reg.register(new Timeline("initiator/mlx5_0/pcie.up", ResourceKind.PCIE, 1)).acquire(0, 300);
        umr.acquire(0, 995);
        umr.attribute("registration-list fetch", 866);

        RunReport r = RunReports.from(reg, 1_000);

        assertThat(r.bottleneckSentence()).isEqualTo("bottleneck: initiator/mlx5_0/umr-engine "
                + "(hca-engine, 99.5% busy: registration-list fetch 87%, processing 13%)");
        assertThat(RunReportText.render(r)).contains(
                "initiator/mlx5_0/umr-engine      1  99.5%  <- bottleneck (registration-list fetch 87%, processing 13%)",
                "initiator/mlx5_0/pcie.up         1  30.0%\n");
        @SuppressWarnings("unchecked")
        var first = (java.util.Map<String, Object>) ((java.util.List<Object>) RunReportJson.tree(r).get("resources")).get(0);
        assertThat(first).containsEntry("name", "initiator/mlx5_0/umr-engine")
                .containsEntry("busy_ns_by_cause", java.util.Map.of("registration-list fetch", 866L, "processing", 129L));
    }

    @Test
    void withNothingSaturatedTheReportSaysSoInsteadOfNamingABottleneck() {
        ResourceRegistry reg = new ResourceRegistry();
        reg.register(new Timeline("wire", ResourceKind.LINK, 1)).acquire(0, 300);

        RunReport r = RunReports.from(reg, 1_000);

        assertThat(r.bottleneck()).isEmpty();
        assertThat(r.bottleneckSentence()).isEqualTo("no saturated resource (busiest: wire at 30.0%): bound by latency or queue depth");
        assertThat(RunReportJson.tree(r)).containsEntry("bottleneck", null).containsEntry("simulated_ns", 1_000L);
    }
}
