package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.LayerKind;
import org.hcasim.core.config.UserException;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.fio.loopback.LoopbackTestbed;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/**
 * The fio path's costs: read from the host's profile by name, libaio's charged per I/O where Linux runs them when set;
 * {@code fio.submit-path=libaio} puts libaio's own three (from libaio-costs.properties) on fio's threads only.
 */
class FioCostsTest {

    @Test
    void theLibaioCostsAreReadFromTheHostsCostsLikeTheOthers() {
        Map<String, Long> ns = new HashMap<>(LoopbackTestbed.COSTS);
        ns.put("aio-submit", 2_400L);
        ns.put("aio-complete", 750L);
        FioCosts costs = FioCosts.from(new CostTable(ns, LoopbackTestbed.PER_BYTE), "initiator");
        assertThat(costs.aioSubmit()).isEqualTo(2_400);
        assertThat(costs.aioComplete()).isEqualTo(750);
        assertThat(costs.fioIo()).isEqualTo(LoopbackTestbed.COSTS.get("fio-io"));
    }

    @Test
    void aHostWithoutALibaioCostIsRefusedNamingTheKey() {
        Map<String, Long> ns = new HashMap<>(LoopbackTestbed.COSTS);
        ns.remove("aio-complete");
        assertThatThrownBy(() -> FioCosts.from(new CostTable(ns, LoopbackTestbed.PER_BYTE), "initiator"))
                .isInstanceOf(UserException.class)
                .hasMessageContaining("host 'initiator'").hasMessageContaining("host.cost.aio-complete-ns");
    }

    @Test
    void libaiosSubmitIsTheThreadsSysCpuAndItsCompletionRunsInTheCompletionContextOncePerIo() {
        String job = "[j]\nioengine=loopback\nrw=read\nsize=1m\n"; // 256 I/Os of 4 KiB, one at a time
        Run without = run(Map.of(), job);
        Run with = run(Map.of("aio-submit", 1_000L, "aio-complete", 500L), job);
        assertThat(with.job.read.ios).isEqualTo(256);
        // io_submit in the thread; aio_complete_rw from the bio's end_io, where the loopback completes (soft-IRQ)
        assertThat(with.job.sysNs - without.job.sysNs).isEqualTo(256 * 1_000);
        assertThat(with.completionContextNs - without.completionContextNs).isEqualTo(256 * 500);
        assertThat(with.job.usrNs).isEqualTo(without.job.usrNs);
    }

    @Test
    void theLibaioPathTakesFiosOwnThreeCostsFromItsFileAndTheBlockLayersFromTheProfile() {
        CostTable table = new CostTable(LoopbackTestbed.COSTS, LoopbackTestbed.PER_BYTE);
        FioCosts libaio = FioCosts.from(table, "initiator", SubmitPath.LIBAIO);
        assertThat(libaio.fioIo()).isEqualTo(1_300);
        assertThat(libaio.aioSubmit()).isEqualTo(2_400);
        assertThat(libaio.aioComplete()).isEqualTo(750);
        FioCosts profile = FioCosts.from(table, "initiator", SubmitPath.IO_URING);
        assertThat(profile).isEqualTo(FioCosts.from(table, "initiator"));
        assertThat(libaio).usingRecursiveComparison().ignoringFields("fioIo", "aioSubmit", "aioComplete")
                .isEqualTo(profile);
    }

    @Test
    void onTheLibaioPathFiosThreadsPayLibaiosCostsAndTheTargetNothingMore() {
        String job = "[j]\nioengine=loopback\nrw=read\nsize=1m\n"; // 256 I/Os of 4 KiB, one at a time
        Run uring = run(Map.of(), job, SubmitPath.IO_URING);
        Run libaio = run(Map.of(), job, SubmitPath.LIBAIO);
        assertThat(libaio.job.read.ios).isEqualTo(256);
        long fioIo = LoopbackTestbed.COSTS.get("fio-io");
        assertThat(libaio.job.usrNs - uring.job.usrNs).isEqualTo(256 * (1_300 - fioIo));
        assertThat(libaio.job.sysNs - uring.job.sysNs).isEqualTo(256 * 2_400);
        assertThat(libaio.completionContextNs - uring.completionContextNs).isEqualTo(256 * 750);
        assertThat(libaio.targetBusyNs).isEqualTo(uring.targetBusyNs);
    }

    @Test
    void aSubmitPathThatIsNeitherIsAOneLineErrorNamingTheKeyAndTheChoices() {
        HcasimConfig config = new ConfigLoader()
                .testbed(ConfigLayer.of("t.properties", LayerKind.TESTBED, Map.of("fio.submit-path", "io_uring")))
                .load();
        assertThatThrownBy(() -> SubmitPath.of(config)).isInstanceOf(ConfigException.class)
                .hasMessage("fio.submit-path = 'io_uring' (from t.properties) is not one of io-uring, libaio");
        assertThat(SubmitPath.of(new ConfigLoader().load())).isEqualTo(SubmitPath.IO_URING);
    }

    /** A job's result, the initiator's soft-IRQ busy time (the loopback's completion context), the target's busy time. */
    private record Run(JobResult job, long completionContextNs, long targetBusyNs) {
    }

    private static Run run(Map<String, Long> costs, String job) {
        return run(costs, job, SubmitPath.IO_URING);
    }

    private static Run run(Map<String, Long> costs, String job, SubmitPath path) {
        LoopbackTestbed testbed = new LoopbackTestbed(4, 5_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.NULL, 64L << 20, BlockFormat.B512, 0)), PayloadMode.REAL,
                costs).submitPath(path);
        JobResult result = new FioHarness(testbed).run(job).jobs.get(0);
        long softIrq = 0;
        for (int core = 0; core < testbed.initiatorHost().coreCount(); core++) {
            softIrq += testbed.initiatorHost().busyNs(core, Priority.SOFT_IRQ);
        }
        return new Run(result, softIrq, testbed.targetHost().busyNs());
    }

}
