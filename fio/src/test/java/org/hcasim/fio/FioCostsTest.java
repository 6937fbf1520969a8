package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.core.config.UserException;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.fio.loopback.LoopbackTestbed;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/** The fio path's costs: read from the host's profile by name, libaio's charged per I/O where Linux runs them when set. */
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

    /** A job's result and the initiator's soft-IRQ busy time (the loopback's completion context). */
    private record Run(JobResult job, long completionContextNs) {
    }

    private static Run run(Map<String, Long> costs, String job) {
        LoopbackTestbed testbed = new LoopbackTestbed(4, 5_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.NULL, 64L << 20, BlockFormat.B512, 0)), PayloadMode.REAL,
                costs);
        JobResult result = new FioHarness(testbed).run(job).jobs.get(0);
        long softIrq = 0;
        for (int core = 0; core < testbed.initiatorHost().coreCount(); core++) {
            softIrq += testbed.initiatorHost().busyNs(core, Priority.SOFT_IRQ);
        }
        return new Run(result, softIrq);
    }

}
