package org.hcasim.ulp.nvmeof.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.hcasim.spi.Axis;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.testkit.RecordingExperimentContext;
import org.junit.jupiter.api.Test;

class InlineUmrExperimentTest {

    private final InlineUmrExperiment experiment = new InlineUmrExperiment();

    private static RecordingExperimentContext context() {
        return new RecordingExperimentContext(Map.of("kiops", 1234.5, "cpu_pct.initiator", 42.0, "cpu_pct.target", 10.0));
    }

    @Test
    void grid_is_two_hcas_by_eight_block_sizes_with_sg_and_inline_per_row() {
        assertThat(experiment.axes()).extracting(Axis::name).containsExactly("hca", "bs", "umr");
        assertThat(experiment.axes().get(0).values()).containsExactly("connectx4", "connectx5");
        assertThat(experiment.axes().get(1).values())
                .containsExactly("512", "1024", "2048", "4096", "8192", "16384", "32768", "65536");
        assertThat(experiment.policyAxis()).isEqualTo("umr");
        assertThat(experiment.axes().get(2).values()).containsExactly("sg", "inline");
    }

    @Test
    void columns_are_exactly_the_reference_csv_header() {
        assertThat(experiment.columns()).extracting(ReferenceColumn::header).containsExactly(
                "hca", "bs", "sg_kiops", "sg_host_cpu_pct", "inline_kiops", "inline_host_cpu_pct");
        assertThat(InlineUmrExperiment.class.getResourceAsStream(experiment.referenceResource())).isNotNull();
    }

    @Test
    void sg_turns_inline_translation_lists_off_and_inline_keeps_the_profile_default() {
        RecordingExperimentContext ctx = context();
        Point sg = new Point(Map.of("hca", "connectx4", "bs", "4096", "umr", "sg"));
        Point inline = new Point(Map.of("hca", "connectx5", "bs", "512", "umr", "inline"));
        PointResult r = experiment.run(sg, ctx);
        experiment.run(inline, ctx);
        assertThat(ctx.testbeds().get(0).settings()).containsEntry("hca.profile", "connectx4")
                .containsEntry("hca.umr.inline-max-bytes", "0");
        assertThat(ctx.testbeds().get(1).settings()).containsEntry("hca.profile", "connectx5")
                .doesNotContainKey("hca.umr.inline-max-bytes");
        assertThat(ctx.testbeds().get(0).properties()).contains("testbed.ulps = nvmeof");
        assertThat(r.metrics()).containsEntry("kiops", 1234.5).containsEntry("host_cpu_pct", 42.0);
    }

    @Test
    void the_initiator_s_fio_runs_on_libaio_s_path_as_the_reference_workload_without_copies_of_its_costs() {
        RecordingExperimentContext ctx = context();
        experiment.run(new Point(Map.of("hca", "connectx5", "bs", "4096", "umr", "sg")), ctx);
        assertThat(ctx.testbeds().get(0).properties()).contains("fio.submit-path = libaio").doesNotContain("host.cost.");
        assertThat(ctx.testbeds().get(0).settings()).doesNotContainKeys("fio.submit-path", "host.cost.fio-io-ns");
    }

    @Test
    void each_adapter_runs_on_the_pcie_width_the_measurement_states() {
        RecordingExperimentContext ctx = context();
        experiment.run(new Point(Map.of("hca", "connectx4", "bs", "65536", "umr", "inline")), ctx);
        experiment.run(new Point(Map.of("hca", "connectx5", "bs", "65536", "umr", "inline")), ctx);
        assertThat(ctx.testbeds().get(0).settings()).containsEntry("hca.pcie.lanes", "8");
        assertThat(ctx.testbeds().get(1).settings()).containsEntry("hca.pcie.lanes", "16");
    }

    @Test
    void the_workload_is_the_reference_fio_randread_with_48_jobs() {
        String job = InlineUmrExperiment.fioJob(65536);
        assertThat(job).contains("ioengine=nvmeof", "rw=randread", "bs=65536", "numjobs=48", "iodepth=16", "direct=1");
    }

    @Test
    void a_block_size_outside_the_axis_is_refused_naming_it() {
        Point odd = new Point(Map.of("hca", "connectx5", "bs", "3000", "umr", "sg"));
        assertThatThrownBy(() -> experiment.run(odd, context())).hasMessageContaining("bs=3000");
    }
}
