package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.host.Host;
import org.junit.jupiter.api.Test;

/**
 * A thread that does its turn in steps: continueLater ends the body's run without polling and the body runs again
 * at once, at the time the previous step's work ended; only pollWait puts the thread to sleep.
 */
class ContinueLaterTest {

    @Test
    void each_step_runs_when_the_previous_one_ended_and_the_thread_sleeps_only_in_poll() {
        RdsHosts h = new RdsHosts(4, Map.of());
        Host a = h.tb.host("a");
        List<Long> starts = new ArrayList<>();
        RdsThread[] thread = new RdsThread[1];
        thread[0] = (RdsThread) h.a.thread("stepper", 2, () -> {
            starts.add(a.now());
            a.charge(1_000);
            if (starts.size() < 3) {
                thread[0].continueLater();
            } else {
                thread[0].pollWait();
            }
        });
        thread[0].start();
        h.runUntil(1_000_000);

        assertThat(starts).hasSize(3);
        assertThat(starts.get(1) - starts.get(0)).isGreaterThanOrEqualTo(1_000);
        assertThat(starts.get(2) - starts.get(1)).isGreaterThanOrEqualTo(1_000);
        assertThat(thread[0].wakeups()).isZero();
    }

    @Test
    void continue_later_outside_the_body_is_an_error() {
        RdsHosts h = new RdsHosts(4, Map.of());
        RdsThread t = (RdsThread) h.a.thread("idle", 2, () -> { });
        assertThatThrownBy(t::continueLater).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("continueLater outside the body of thread idle");
    }
}
