package org.hcasim.ulp.iser.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.hcasim.spi.Axis;
import org.hcasim.spi.Point;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.testkit.RecordingExperimentContext;
import org.junit.jupiter.api.Test;

class PiMttKlmExperimentTest {

    private final PiMttKlmExperiment experiment = new PiMttKlmExperiment();

    private static RecordingExperimentContext context() {
        return new RecordingExperimentContext(Map.of("kiops", 72.5));
    }

    @Test
    void the_grid_is_the_integrity_knobs_by_block_size_by_direction_by_mapping_with_klm_the_baseline_and_pa_allowed() {
        assertThat(experiment.axes()).extracting(Axis::name)
                .containsExactly("write_generate", "read_verify", "bs", "rw", "mapping");
        assertThat(experiment.axes().get(2).values()).containsExactly("512", "4096", "32768");
        Axis mapping = experiment.axes().get(4);
        assertThat(mapping.values()).containsExactly("klm", "mtt");
        assertThat(mapping.allowed()).containsExactly("klm", "mtt", "pa");
        assertThat(experiment.policyAxis()).isEqualTo("mapping");
        assertThat(experiment.admits(new Point(Map.of("write_generate", "1", "read_verify", "1")))).isTrue();
        assertThat(experiment.admits(new Point(Map.of("write_generate", "1", "read_verify", "0")))).isFalse();
    }

    @Test
    void the_columns_are_exactly_the_reference_csv_header() throws Exception {
        try (var in = new BufferedReader(new InputStreamReader(
                PiMttKlmExperiment.class.getResourceAsStream(experiment.referenceResource()), StandardCharsets.UTF_8))) {
            String header = in.lines().filter(l -> !l.startsWith("#")).findFirst().orElseThrow();
            assertThat(experiment.columns()).extracting(ReferenceColumn::header).containsExactly(header.split(","));
        }
    }

    @Test
    void a_point_sets_the_initiator_s_policy_and_integrity_knobs_on_the_reference_testbed() {
        RecordingExperimentContext ctx = context();
        var r = experiment.run(new Point(Map.of("write_generate", "0", "read_verify", "0", "bs", "32768", "rw", "write",
                "mapping", "mtt")), ctx);
        TestbedSpec t = ctx.testbeds().get(0);
        assertThat(t.settings()).containsEntry("iser.initiator.registration-policy", "mtt-first")
                .containsEntry("iser.initiator.write-generate", "false").containsEntry("iser.initiator.read-verify", "false");
        assertThat(t.properties()).contains("testbed.target.namespaces = 24", "testbed.target.format = 512+8",
                "iser.target.registration-policy = klm-only", "iser.initiator.pi-enable = true");
        // fio's libaio costs by fio.submit-path, on fio's threads only: no block-layer cost the target would pay too
        assertThat(t.properties()).contains("fio.submit-path = libaio").doesNotContain("host.cost.");
        assertThat(r.metrics()).containsEntry("kiops", 72.5);
        experiment.run(new Point(Map.of("write_generate", "1", "read_verify", "1", "bs", "512", "rw", "read",
                "mapping", "pa")), ctx);
        assertThat(ctx.testbeds().get(1).settings()).containsEntry("iser.initiator.registration-policy", "pa-first");
    }

    @Test
    void the_workload_is_24_jobs_one_per_lun_at_iodepth_128() {
        String job = PiMttKlmExperiment.fioJob("write", 32_768);
        assertThat(job).contains("ioengine=iser", "rw=randwrite", "bs=32768", "iodepth=128", "[sda]", "filename=sdx");
        assertThat(job.split("filename=")).hasSize(25);
        assertThat(PiMttKlmExperiment.fioJob("read", 512)).contains("rw=randread");
    }

    @Test
    void a_block_size_or_mapping_outside_the_axes_is_refused_naming_it() {
        assertThatThrownBy(() -> experiment.run(new Point(Map.of("write_generate", "1", "read_verify", "1", "bs", "1000",
                "rw", "read", "mapping", "klm")), context())).hasMessageContaining("bs=1000");
        assertThatThrownBy(() -> PiMttKlmExperiment.policy("sgl")).hasMessageContaining("mapping=sgl");
    }
}
