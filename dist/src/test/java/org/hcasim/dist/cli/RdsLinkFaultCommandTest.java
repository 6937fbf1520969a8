package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;

/**
 * fault.link.* applies to rds-stress runs too, counted from when the connections are up (docs/faults.md). RC recovers
 * a short outage; one longer than RC's retries fails an RDS connection, which this model does not reconnect (rds_ib
 * would), so the run stops at the next interval and says so on one line.
 */
class RdsLinkFaultCommandTest {
    @Test
    void a_link_down_past_rcs_retries_stops_the_run_with_one_line_naming_the_lost_connection() {
        CliRun r = hcasim("rds-stress", "-T", "3", "--set", "fault.link.down-at=500ms", "--set", "fault.link.down-for=5s");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().lines().toList()).hasSize(1);
        // either side's RC may give up first: each has sends outstanding when the link goes down
        assertThat(r.err()).containsPattern("^rds-stress: connection (initiator -> target|target -> initiator) \\(path 0\\)"
                + " lost at 1\\.0")
                .contains("receive completed with WR_FLUSH_ERR")
                .contains("rds_ib's reconnect and retransmission are not modelled, so the run stopped after 2 of 3 intervals");
        assertThat(r.out().lines().filter(l -> l.startsWith("   1 ")).count())
                .as("the two intervals measured and the average").isEqualTo(3);
    }

    @Test
    void a_link_down_shorter_than_rcs_retries_is_recovered_by_rc_and_the_run_completes() {
        // RC's 7 retries at ~67 ms each ride out 200 ms
        CliRun r = hcasim("rds-stress", "-T", "2", "--set", "fault.link.down-at=500ms", "--set", "fault.link.down-for=200ms");
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("   1 ")).count()).isEqualTo(3);
    }
}
