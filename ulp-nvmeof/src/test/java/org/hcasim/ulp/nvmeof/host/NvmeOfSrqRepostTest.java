package org.hcasim.ulp.nvmeof.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/**
 * nvmet reposts a command's receive before it posts the response (nvmet_rdma_queue_response), so an SRQ holding
 * exactly as many receives as the host can have commands outstanding never runs dry: a host queue of 256 keeps its
 * commands flowing through a 256-entry SRQ as fast as through a 1024-entry one. Reposting only when the response's
 * SEND completed would leave receives missing while responses are on the wire, and the host's next commands would
 * meet RNR NAKs and the 0.64 ms RNR timer.
 */
class NvmeOfSrqRepostTest {
    private static final int QUEUE = 256;
    private static final int IOS = 4 * QUEUE;

    /** Simulated time for {@link #IOS} reads kept {@link #QUEUE} deep on one I/O queue through an SRQ of {@code srqSize}. */
    private static long closedLoopNs(int srqSize) {
        NvmeOfPair pair = new NvmeOfPair(1, Map.of("nvmeof.target.use-srq", "true",
                "nvmeof.target.srq-size", Integer.toString(srqSize), "nvmeof.host.queue-size", Integer.toString(QUEUE)),
                NvmeOfPair.ram("ns1", 8));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        long buf = pair.initiator.memory().allocate(4096L * QUEUE, 4096);
        int[] submitted = {0};
        int[] completed = {0};
        long start = pair.initiator.now();
        long[] end = {0};
        class Loop {
            void submit(int slot) {
                int i = submitted[0]++;
                dev.submit(BlockRequest.of(BlockOp.READ, (i % 1024) * 8L, 8, buf + 4096L * slot), c -> done(slot, c));
            }

            void done(int slot, BlockCompletion c) {
                assertThat(c.ok()).isTrue();
                completed[0]++;
                end[0] = pair.initiator.now();
                if (submitted[0] < IOS) {
                    submit(slot);
                }
            }
        }
        Loop loop = new Loop();
        pair.initiator.run(0, Priority.THREAD, "closed loop", () -> {
            for (int slot = 0; slot < QUEUE; slot++) {
                loop.submit(slot);
            }
        });
        pair.runBounded();
        assertThat(completed[0]).isEqualTo(IOS);
        return end[0] - start;
    }

    @Test
    void an_srq_as_deep_as_the_host_queue_does_not_slow_it_down() {
        long deep = closedLoopNs(1024);
        long exact = closedLoopNs(QUEUE);
        assertThat((double) exact).isLessThan(deep * 1.05);
    }
}
