package org.hcasim.ulp.nvmeof.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.hcasim.spi.Axis;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.Point;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;
import org.hcasim.testkit.PluginTestbed;
import org.hcasim.ulp.nvmeof.NvmeOfProvider;
import org.junit.jupiter.api.Test;

class SrqPerVectorExperimentTest {

    private final SrqPerVectorExperiment experiment = new SrqPerVectorExperiment();

    @Test
    void gridIsReadAndWriteByThreeBlockSizesByFourCasesOverNvmeofWithSrpAllowed() {
        assertThat(experiment.axes()).extracting(Axis::name).containsExactly("rw", "bs", "case", "ulp");
        assertThat(experiment.axes().get(1).values()).containsExactly("1024", "2048", "4096");
        assertThat(experiment.axes().get(2).values()).containsExactly("per_qp_rq", "srq_per_vector_1024",
                "srq_per_vector_256", "single_srq");
        assertThat(experiment.axes().get(3).values()).containsExactly("nvmeof");
        assertThat(experiment.axes().get(3).allowed()).contains("srp");
        assertThat(experiment.policyAxis()).isEqualTo("case");
    }

    @Test
    void columnsAreExactlyTheReferenceCsvHeader() {
        assertThat(experiment.columns()).extracting(ReferenceColumn::header)
                .containsExactly("rw", "bs", "case", "kiops", "target_cpu_pct");
        assertThat(SrqPerVectorExperiment.class.getResourceAsStream(experiment.referenceResource())).isNotNull();
    }

    @Test
    void eachCaseSelectsItsSrqPolicyAndSizeAndSrpGetsTheSameThroughItsOwnKeys() {
        assertThat(settings("per_qp_rq", "nvmeof")).containsEntry("nvmeof.target.srq-policy", "none")
                .containsEntry("nvmeof.host.queue-size", "256").containsEntry("nvmeof.host.register-always", "false");
        assertThat(settings("srq_per_vector_1024", "nvmeof")).containsEntry("nvmeof.target.srq-policy", "per-vector")
                .containsEntry("nvmeof.target.srq-size", "1024");
        assertThat(settings("srq_per_vector_256", "nvmeof")).containsEntry("nvmeof.target.srq-size", "256");
        assertThat(settings("single_srq", "nvmeof")).containsEntry("nvmeof.target.srq-policy", "per-device")
                .containsEntry("nvmeof.target.srq-size", "4096");
        assertThat(settings("single_srq", "srp")).containsEntry("srp.target.srq-policy", "per-device")
                .containsEntry("srp.initiator.register-always", "false").doesNotContainKey("nvmeof.target.srq-policy");
    }

    @Test
    void theWorkloadIsTwelveJobsOfDepth128PerInitiatorAndThePointReportsTargetCpu() {
        assertThat(SrqPerVectorExperiment.fioJob("nvmeof", "write", 2048))
                .contains("ioengine=nvmeof", "rw=randwrite", "bs=2048", "numjobs=12", "iodepth=128");
        ExperimentContext ctx = new ExperimentContext() {
            public long seed() { return 1; }
            public Map<String, String> overrides() { return Map.of(); }
            public WorkloadOutcome runFio(TestbedSpec testbed, String fioJob) {
                return new WorkloadOutcome(Map.of("kiops", 5000.0, "cpu_pct.target", 80.0, "cpu_pct.initiator1", 30.0),
                        RunReport.none().withMemory("receive buffers", 32L << 20));
            }
            public WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload) {
                throw new AssertionError("srq-per-vector runs fio");
            }
        };
        var r = experiment.run(point("single_srq", "nvmeof"), ctx);
        assertThat(r.metrics()).containsEntry("kiops", 5000.0).containsEntry("target_cpu_pct", 80.0)
                .containsEntry("receive_buffer_mib", 32.0);
    }

    /** The reference CSV's formulas, with the testbed's 24 vectors, 2 devices, 12 I/O queues per controller, 4 controllers. */
    @Test
    void theInitiatorsFioRunsOnLibaiosPathWhileTheTargetsBlockLayerKeepsTheProfilesCosts() {
        for (String ulp : new String[] {"nvmeof", "srp"}) {
            TestbedSpec t = SrqPerVectorExperiment.testbed(point("per_qp_rq", ulp));
            // fio's own costs by fio.submit-path; no host.cost.* key, so the target's nvmet bios keep blk-mq's
            assertThat(t.properties()).contains("fio.submit-path = libaio").doesNotContain("host.cost.");
            assertThat(t.settings().keySet()).noneMatch(k -> k.startsWith("host.cost."));
        }
    }

    @Test
    void receiveBufferMemoryOfEachCaseIsTheReferenceFormula() {
        long kib4 = 4096;
        assertThat(receiveBytes("srq_per_vector_1024")).isEqualTo(1024 * 24 * 2 * kib4);
        assertThat(receiveBytes("srq_per_vector_256")).isEqualTo(256 * 24 * 2 * kib4);
        assertThat(receiveBytes("per_qp_rq")).isEqualTo(256 * 12 * 4 * kib4);
        assertThat(receiveBytes("single_srq")).isEqualTo(4096 * 2 * kib4);
    }

    /** Builds the case's testbed, connects the 4 initiators with a tiny job each, and reads the target's receive memory. */
    private static long receiveBytes(String c) {
        Map<String, String> settings = new LinkedHashMap<>(testbedFile());
        settings.putAll(settings(c, "nvmeof"));
        PluginTestbed.Run run = new PluginTestbed(new NvmeOfProvider()).fio(settings,
                "[global]\nioengine=nvmeof\ndirect=1\nrw=randread\nbs=1024\niodepth=1\nsize=1k\n[tiny]\n");
        assertThat(run.ok()).isTrue();
        assertThat(run.testbed().initiatorHosts()).hasSize(4);
        return run.testbed().policies().receiveBufferBytes();
    }

    private static Map<String, String> testbedFile() {
        TestbedSpec spec = SrqPerVectorExperiment.testbed(point("per_qp_rq", "nvmeof"));
        Properties p = new Properties();
        try {
            p.load(new StringReader(spec.properties()));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        Map<String, String> m = new LinkedHashMap<>();
        p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k).strip()));
        return m;
    }

    private static Map<String, String> settings(String c, String ulp) {
        return SrqPerVectorExperiment.testbed(point(c, ulp)).settings();
    }

    private static Point point(String c, String ulp) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("rw", "read");
        m.put("bs", "1024");
        m.put("case", c);
        m.put("ulp", ulp);
        return new Point(m);
    }
}
