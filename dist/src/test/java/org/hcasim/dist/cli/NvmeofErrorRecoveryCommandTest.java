package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.FaultAccountText.count;
import static org.hcasim.dist.FaultAccountText.number;
import static org.hcasim.dist.CliRun.hcasim;

import java.nio.file.Path;
import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;

/**
 * The NVMe/RDMA host's error recovery (docs/faults.md) seen from fio: a link that stays down longer than RC's retries
 * makes the host reset the controller, requeue the I/Os in flight and reconnect every reconnect-delay. Back within
 * ctrl-loss-tmo, every I/O completes, late; not back, the I/Os fail with EIO once the reconnect attempts run out.
 */
class NvmeofErrorRecoveryCommandTest {
    private static String example(String name) {
        return Path.of("..", "examples", name).toString();
    }

    @Test
    void a_link_down_shorter_than_ctrl_loss_tmo_ends_with_every_io_complete_and_verified_late() {
        // RC gives up after 8 x 67 ms; reconnects at +10 s (link still down: no CM answer in 3 s) and +23 s (up)
        CliRun r = hcasim("fio", "--set", "testbed.target.backstore=ram", "--set", "fault.link.down-at=2ms",
                "--set", "fault.link.down-for=15s", example("nvmeof-verify.fio"));
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("err= 0").contains("issued rwts: total=2048,2048,0,0");
        long requeued = count(r.out(), "transport", "nvmeof I/Os requeued at initiator");
        assertThat(requeued).as("the job's iodepth of writes was in flight").isEqualTo(16);
        assertThat(count(r.out(), "recovered", "nvmeof requeued I/Os that then completed at initiator")).isEqualTo(requeued);
        assertThat(count(r.out(), "transport", "nvmeof controller resets at initiator")).isEqualTo(1);
        assertThat(count(r.out(), "transport", "nvmeof reconnect attempts at initiator")).isEqualTo(2);
        assertThat(count(r.out(), "recovered", "nvmeof controller reconnects at initiator")).isEqualTo(1);
        assertThat(count(r.out(), "injected", "CM messages lost to link down")).isPositive();
        assertThat(r.out()).doesNotContain("ctrl-loss-tmo");
        long maxWriteClatUs = number(r.out(), "write: IOPS=[\\s\\S]*?clat \\(usec\\): min=\\d+, max=(\\d+)");
        assertThat(maxWriteClatUs).as("requeued writes complete after the second reconnect").isBetween(15_000_000L, 25_000_000L);
    }

    @Test
    void a_link_down_longer_than_ctrl_loss_tmo_fails_the_ios_with_eio_when_the_attempts_run_out() {
        // ctrl-loss-tmo 20 s / reconnect-delay 10 s = 2 attempts, at ~10.5 s and ~23.5 s, each 3 s without an answer
        CliRun r = hcasim("fio", "--set", "fault.link.down-at=20ms", "--set", "fault.link.down-for=60s",
                "--set", "nvmeof.host.ctrl-loss-tmo=20s", example("nvmeof-randread.fio"));
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().lines()).allMatch(l -> l.startsWith("fio: io_u error on file nvme0n1: Input/output error "
                + "(nvme0n1: controller removed after ctrl-loss-tmo (2 reconnect attempts failed))"));
        assertThat(r.err().lines().count()).as("one per job: fio stops a job at its first error").isEqualTo(4);
        assertThat(r.out()).contains("err= 5");
        long requeued = count(r.out(), "transport", "nvmeof I/Os requeued at initiator");
        assertThat(requeued).isEqualTo(4 * 32);
        assertThat(count(r.out(), "not recovered", "nvmeof I/Os failed after ctrl-loss-tmo at initiator")).isEqualTo(requeued);
        assertThat(count(r.out(), "not recovered", "nvmeof controllers removed after ctrl-loss-tmo at initiator")).isEqualTo(1);
        assertThat(count(r.out(), "recovered", "nvmeof controller reconnects at initiator")).isZero();
        long runMs = number(r.out(), "run=(\\d+)-");
        assertThat(runMs).as("the I/Os fail when the second attempt gives up").isBetween(26_000L, 27_000L);
    }

    @Test
    void ctrl_loss_tmo_0_removes_the_controller_at_the_first_error_and_max_retries_0_fails_what_was_in_flight() {
        CliRun removed = hcasim("fio", "--set", "fault.link.down-at=20ms", "--set", "fault.link.down-for=5s",
                "--set", "nvmeof.host.ctrl-loss-tmo=0", example("nvmeof-randread.fio"));
        assertThat(removed.exit()).isEqualTo(1);
        assertThat(count(removed.out(), "transport", "nvmeof reconnect attempts at initiator")).isZero();
        assertThat(count(removed.out(), "not recovered", "nvmeof controllers removed after ctrl-loss-tmo at initiator")).isEqualTo(1);
        assertThat(number(removed.out(), "run=(\\d+)-")).as("RC's retries, then nothing").isLessThan(1_000L);

        CliRun noRetry = hcasim("fio", "--set", "fault.link.down-at=20ms", "--set", "fault.link.down-for=5s",
                "--set", "nvmeof.host.max-retries=0", example("nvmeof-randread.fio"));
        assertThat(noRetry.exit()).isEqualTo(1);
        assertThat(noRetry.err()).contains("NVMe status 0x371"); // host aborted, not retried
        assertThat(count(noRetry.out(), "transport", "nvmeof I/Os requeued at initiator")).isZero();
        assertThat(count(noRetry.out(), "transport", "nvmeof controller resets at initiator")).isEqualTo(1);
    }
}
