package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;
import static org.hcasim.dist.FaultAccountText.count;
import static org.hcasim.dist.FaultAccountText.number;

import java.nio.file.Path;
import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;

/**
 * iSER session recovery as libiscsi and iscsid do it (docs/faults.md), seen from fio: a failed connection puts the
 * session in recovery, its commands in flight are requeued and sent again after a relogin; not logged in again within
 * replacement_timeout, they fail with EIO. NOP-Out pings notice a target that stopped answering.
 */
class IserSessionRecoveryCommandTest {
    private static String example(String name) {
        return Path.of("..", "examples", name).toString();
    }

    @Test
    void a_link_down_shorter_than_replacement_timeout_ends_with_every_io_complete_and_verified_late() {
        // RC gives up after ~0.55 s; relogin 1 at ~2.55 s gets no CM answer and gives up after login_timeout (15 s),
        // relogin 2 at ~19.55 s finds the link back. At 1 ms the initiator has commands unacknowledged; at an instant
        // when only the target's answers are on the wire (2 ms since the port's transmit arbitration) its QP fails only
        // with the next NOP-Out, 5 s later, and everything after shifts by 5 s
        CliRun r = hcasim("fio", "--set", "testbed.target.backstore=ram", "--set", "testbed.target.namespace-size=1g",
                "--set", "fault.link.down-at=1ms", "--set", "fault.link.down-for=15s", example("iser-verify.fio"));
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("err= 0").contains("issued rwts: total=1024,1024,0,0").contains("issued rwts: total=64,64,0,0");
        long requeued = count(r.out(), "transport", "iser I/Os requeued at initiator");
        assertThat(requeued).as("the disk's queue_depth of writes was in flight").isEqualTo(32);
        assertThat(count(r.out(), "recovered", "iser requeued I/Os that then completed at initiator")).isEqualTo(requeued);
        assertThat(count(r.out(), "transport", "iser session recoveries at initiator")).isEqualTo(1);
        assertThat(count(r.out(), "transport", "iser relogin attempts at initiator")).isEqualTo(2);
        assertThat(count(r.out(), "recovered", "iser session relogins at initiator")).isEqualTo(1);
        assertThat(r.out()).doesNotContain("replacement_timeout");
        long maxClatUs = java.util.regex.Pattern.compile("clat \\(usec\\): min=\\d+, max=(\\d+)").matcher(r.out()).results()
                .mapToLong(m -> Long.parseLong(m.group(1))).max().orElseThrow();
        assertThat(maxClatUs).as("requeued writes complete after the second relogin").isBetween(19_000_000L, 20_000_000L);
    }

    @Test
    void a_link_down_longer_than_replacement_timeout_fails_the_ios_with_eio() {
        CliRun r = hcasim("fio", "--set", "fault.link.down-at=20ms", "--set", "fault.link.down-for=100s",
                "--set", "iser.initiator.replacement-timeout=20s", example("iser-randread.fio"));
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().lines()).allMatch(l -> l.startsWith("fio: io_u error on file sda: Input/output error (sda: "
                + "session recovery timed out after replacement_timeout (20 s); rejecting I/O to offline device)"));
        assertThat(r.err().lines().count()).as("one per job: fio stops a job at its first error").isEqualTo(4);
        assertThat(r.out()).contains("err= 5");
        long requeued = count(r.out(), "transport", "iser I/Os requeued at initiator");
        assertThat(requeued).isEqualTo(32);
        assertThat(count(r.out(), "not recovered", "iser I/Os failed after replacement_timeout at initiator"))
                .as("the requeued ones and those waiting in the block layer").isEqualTo(4 * 32);
        assertThat(count(r.out(), "not recovered", "iser sessions whose replacement_timeout expired at initiator")).isEqualTo(1);
        assertThat(number(r.out(), "run=(\\d+)-")).as("the failure at ~0.55 s plus 20 s").isBetween(20_400L, 20_700L);
    }

    @Test
    void a_nop_out_ping_notices_a_hung_target_and_the_session_logs_in_again_when_it_answers() {
        // stopped at 20 ms for 30 s: nothing arrives after ~20 ms, the ping at ~5 s is held, it times out at ~10 s;
        // relogin 1 at ~12 s is held and gives up at ~27 s, relogin 2 at ~29 s is answered when the target resumes
        CliRun r = hcasim("fio", "--set", "fault.target.stop-at=20ms", "--set", "fault.target.stop-for=30s",
                example("iser-randread.fio"));
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("err= 0");
        assertThat(count(r.out(), "caught", "iser NOP-Out ping timeout at initiator")).isEqualTo(1);
        assertThat(count(r.out(), "transport", "iser session recoveries at initiator")).isEqualTo(1);
        assertThat(count(r.out(), "recovered", "iser requeued I/Os that then completed at initiator")).isEqualTo(32);
        assertThat(count(r.out(), "recovered", "held commands answered when the stopped target resumed at target"))
                .as("the second relogin's login request").isEqualTo(1);
        assertThat(number(r.out(), "clat \\(usec\\): min=\\d+, max=(\\d+)")).isBetween(29_900_000L, 30_100_000L);
    }

    @Test
    void without_pings_a_hung_target_is_waited_for_and_answers_its_backlog() {
        CliRun r = hcasim("fio", "--set", "fault.target.stop-at=20ms", "--set", "fault.target.stop-for=30s",
                "--set", "iser.initiator.noop-out-interval=0", example("iser-randread.fio"));
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("err= 0");
        assertThat(count(r.out(), "transport", "iser session recoveries at initiator")).isZero();
        long held = count(r.out(), "injected", "commands held by a stopped target at target");
        assertThat(held).as("the disk's queue_depth of reads").isEqualTo(32);
        assertThat(count(r.out(), "recovered", "held commands answered when the stopped target resumed at target"))
                .isEqualTo(held);
        assertThat(number(r.out(), "clat \\(usec\\): min=\\d+, max=(\\d+)")).isBetween(29_900_000L, 30_100_000L);
    }
}
