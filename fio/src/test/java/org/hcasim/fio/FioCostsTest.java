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
import org.junit.jupiter.api.Test;

/** The fio path's costs: read from the host's profile by name, libaio's charged per I/O when set. */
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
    void libaioCostsAreChargedAsSysCpuOncePerIoEachWay() {
        String job = "[j]\nioengine=loopback\nrw=read\nsize=1m\n"; // 256 I/Os of 4 KiB, one at a time
        JobResult without = run(Map.of(), job);
        JobResult with = run(Map.of("aio-submit", 1_000L, "aio-complete", 500L), job);
        assertThat(with.read.ios).isEqualTo(256);
        assertThat(with.sysNs - without.sysNs).isEqualTo(256 * (1_000 + 500));
        assertThat(with.usrNs).isEqualTo(without.usrNs);
    }

    private static JobResult run(Map<String, Long> costs, String job) {
        LoopbackTestbed testbed = new LoopbackTestbed(4, 5_000,
                List.of(new BlockNamespaceSpec("ns1", Backstore.NULL, 64L << 20, BlockFormat.B512, 0)), PayloadMode.REAL,
                costs);
        return new FioHarness(testbed).run(job).jobs.get(0);
    }
}
