package org.hcasim.ulp.iser.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.host.Priority;
import org.hcasim.ulp.iser.IserPair;
import org.junit.jupiter.api.Test;

/** Commands wait for the LUN's queue depth and the target's CmdSN window; none is ever lost or refused. */
class CommandWindowTest {

    /** Submits {@code n} 4 KiB writes at once; returns the most commands the session had in flight at any step. */
    private static int maxInFlight(IserPair p, int n, List<BlockCompletion> done) {
        assertThat(p.connect()).isNull();
        IserSession s = new SessionTasks(p).session(0);
        p.host.run(0, Priority.THREAD, "burst", () -> {
            for (int i = 0; i < n; i++) {
                long buf = p.host.memory().allocate(4096, 4096);
                p.device(0).submit(BlockRequest.of(BlockOp.WRITE, 8L * i, 8, buf), done::add);
            }
        });
        int max = 0;
        for (int step = 0; step < 2000 && done.size() < n; step++) {
            p.testbed.runUntil(p.testbed.now() + 1_000);
            max = Math.max(max, s.inFlight());
        }
        return max;
    }

    @Test
    void the_initiator_never_has_more_commands_at_the_target_than_its_cmdsn_window_allows() {
        IserPair p = new IserPair(Map.of("iser.target.cmdsn-depth", "4", "iser.initiator.queue-depth", "64"),
                IserPair.ram("ns1", 8));
        List<BlockCompletion> done = new ArrayList<>();
        assertThat(maxInFlight(p, 32, done)).isEqualTo(4);
        assertThat(done).hasSize(32).allMatch(BlockCompletion::ok);
        assertThat(p.target.log()).noneMatch(l -> l.contains("MaxCmdSN"));
    }

    @Test
    void the_lun_s_queue_depth_bounds_the_commands_a_disk_sends() {
        IserPair p = new IserPair(Map.of("iser.initiator.queue-depth", "8"), IserPair.ram("ns1", 8));
        List<BlockCompletion> done = new ArrayList<>();
        assertThat(maxInFlight(p, 32, done)).isEqualTo(8);
        assertThat(done).hasSize(32).allMatch(BlockCompletion::ok);
    }
}
