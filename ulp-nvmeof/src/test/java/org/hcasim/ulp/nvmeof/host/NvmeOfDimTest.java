package org.hcasim.ulp.nvmeof.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/** Any ULP can take the built-in dim CQ policy: the nvmeof host's queues run under DIM. */
class NvmeOfDimTest {

    @Test
    void with_the_dim_cq_policy_the_host_queues_work_and_dim_retunes_their_cqs_with_modify_cq() {
        NvmeOfPair pair = new NvmeOfPair(1, Map.of("nvmeof.host.cq-policy", "dim"), NvmeOfPair.ram("ns1", 4));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        var firmware = pair.testbed.device("initiator").hardware().firmware();
        long before = firmware.count(FirmwareCommand.MODIFY_CQ);
        List<BlockCompletion> done = new ArrayList<>();
        long buf = pair.initiator.memory().allocate(4096 * 64, 4096);
        // Bursts of growing size, 20 us apart: completions per ms rise window after window, so DIM steps right.
        long t = pair.testbed.now();
        int submitted = 0;
        for (int burst = 0; burst < 600; burst++) {
            int n = 1 + burst / 40;
            submitted += n;
            t += 20_000;
            long at = t;
            pair.testbed.simulation().loop().at(at, () -> pair.initiator.run(0, Priority.THREAD, "io", () -> {
                for (int i = 0; i < n; i++) {
                    dev.submit(BlockRequest.of(BlockOp.READ, i * 8L, 8, buf + 4096L * i), done::add);
                }
            }));
        }
        pair.testbed.run();

        assertThat(done).hasSize(submitted).allMatch(BlockCompletion::ok);
        assertThat(firmware.count(FirmwareCommand.MODIFY_CQ) - before).as("DIM changed the moderation").isPositive();
    }
}
