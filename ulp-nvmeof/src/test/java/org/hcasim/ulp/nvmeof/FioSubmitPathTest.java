package org.hcasim.ulp.nvmeof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.hcasim.core.config.ConfigException;
import org.hcasim.testkit.PluginTestbed;
import org.junit.jupiter.api.Test;

/**
 * {@code fio.submit-path=libaio} on an NVMe-oF testbed: fio's threads on the initiator pay libaio's costs
 * (fio 1300 ns, io_submit's aio path 2400 ns, the aio completion 750 ns, in place of the profile's 200, 0, 0), and the
 * target's nvmet bios keep the profile's block-layer costs, so the target's CPU time does not take them.
 */
class FioSubmitPathTest {
    private static final String JOB = "[j]\nioengine=nvmeof\ndirect=1\nrw=randread\nbs=4k\niodepth=1\nsize=256k\n";
    private static final int IOS = 64;

    @Test
    void libaioPutsItsCostsOnTheInitiatorsFioThreadsAndLeavesTheTargetsBlockPathAlone() {
        PluginTestbed.Run uring = run("io-uring");
        PluginTestbed.Run libaio = run("libaio");
        assertThat(uring.ok()).isTrue();
        assertThat(libaio.ok()).isTrue();
        // fio's user space and io_submit per I/O in the fio thread, aio_complete_rw in the completion context; less than
        // 1 us besides in the whole run moves with the later timing (FioCostsTest counts the charges exactly)
        long perIo = (1_300 - 200) + 2_400 + 750;
        assertThat(busy(libaio) - busy(uring)).isBetween(IOS * perIo, IOS * perIo + 1_000);
        // the target's nvmet path pays none of it: its CPU time moves by tens of ns in the whole run (the later timing),
        // where libaio's submission and completion on its block path would add 3150 ns per I/O
        assertThat(libaio.testbed().targetHost().busyNs() - uring.testbed().targetHost().busyNs())
                .isBetween(-1_000L, 1_000L);
        assertThat(libaio.testbed().targetHost().cpuCosts().ns("block-submit"))
                .isEqualTo(uring.testbed().targetHost().cpuCosts().ns("block-submit"));
    }

    @Test
    void aValueThatIsNoSubmitPathIsAOneLineErrorNamingKeyAndChoices() {
        assertThatThrownBy(() -> run("aio")).isInstanceOf(ConfigException.class)
                .hasMessage("fio.submit-path = 'aio' (from contract test testbed) is not one of io-uring, libaio");
    }

    private static long busy(PluginTestbed.Run run) {
        return run.testbed().initiatorHost().busyNs();
    }

    private static PluginTestbed.Run run(String path) {
        return new PluginTestbed(new NvmeOfProvider()).fio(Map.of("testbed.target.backstore", "null",
                "fio.submit-path", path), JOB);
    }
}
