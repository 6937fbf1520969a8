package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.FaultAccountText.count;
import static org.hcasim.dist.FaultAccountText.number;
import static org.hcasim.dist.CliRun.hcasim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NVMe/RDMA host's keep-alive (docs/faults.md): a Keep Alive every kato/2 on the admin queue lets an idle controller
 * notice a dead link, and a keep-alive that does not complete within kato lets the host notice a target that stopped
 * answering long before the 30 s I/O timeout. nvmeof.host.keep-alive-tmo = 0 turns it off.
 */
class NvmeofKeepAliveCommandTest {
    @TempDir
    Path dir;

    /** Three reads 10 s apart: the controller is idle while the link is down from 1 s to 3 s. */
    private Path idleJob() throws IOException {
        Path job = dir.resolve("idle.fio");
        Files.writeString(job, """
                [idle]
                ioengine=nvmeof
                direct=1
                rw=randread
                bs=4k
                iodepth=1
                thinktime=10s
                number_ios=3
                """);
        return job;
    }

    @Test
    void an_idle_controller_notices_a_link_down_through_keep_alive_and_reconnects() throws IOException {
        // the keep-alive at 2.5 s is lost, RC gives up ~0.5 s later: reset at ~3 s, reconnect 10 s later at ~13 s;
        // the read issued at 10 s waits for it
        CliRun r = hcasim("fio", "--set", "fault.link.down-at=1s", "--set", "fault.link.down-for=2s",
                idleJob().toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("err= 0").contains("issued rwts: total=3,0,0,0");
        assertThat(count(r.out(), "transport", "nvmeof controller resets at initiator")).isEqualTo(1);
        assertThat(count(r.out(), "recovered", "nvmeof controller reconnects at initiator")).isEqualTo(1);
        assertThat(count(r.out(), "not recovered", "RETRY_EXC_ERR completions")).as("the keep-alive's SEND").isEqualTo(1);
        long maxClatUs = number(r.out(), "clat \\(usec\\): min=\\d+, max=(\\d+)");
        assertThat(maxClatUs).as("the read at 10 s waits for the reconnect at ~13 s").isBetween(2_500_000L, 3_500_000L);
    }

    @Test
    void keep_alive_tmo_0_leaves_an_idle_controller_unaware_of_the_link_down() throws IOException {
        CliRun r = hcasim("fio", "--set", "fault.link.down-at=1s", "--set", "fault.link.down-for=2s",
                "--set", "nvmeof.host.keep-alive-tmo=0", idleJob().toString());
        assertThat(r.exit()).isZero();
        assertThat(count(r.out(), "transport", "nvmeof controller resets at initiator")).isZero();
        assertThat(count(r.out(), "injected", "packets lost to link down")).isZero();
        assertThat(r.out()).contains("none injected"); // nothing was sent while the link was down
        assertThat(number(r.out(), "clat \\(nsec\\): min=\\d+, max=(\\d+)")).as("no read waits").isLessThan(1_000_000L);
    }

    @Test
    void a_hung_target_is_noticed_by_keep_alive_before_the_io_timeout_and_the_ios_complete_after_recovery() {
        // stopped at 20 ms for 3 s: the keep-alive sent at 2.5 s is not answered, it times out at 7.5 s, the host
        // resets the controller and reconnects at 17.5 s, when the target answers again
        CliRun r = hcasim("fio", "--set", "fault.target.stop-at=20ms", "--set", "fault.target.stop-for=3s",
                Path.of("..", "examples", "nvmeof-randread.fio").toString());
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("err= 0");
        assertThat(count(r.out(), "caught", "nvmeof keep-alive timeout at initiator")).isEqualTo(1);
        long requeued = count(r.out(), "transport", "nvmeof I/Os requeued at initiator");
        assertThat(requeued).as("every job's iodepth").isEqualTo(4 * 32);
        assertThat(count(r.out(), "recovered", "nvmeof requeued I/Os that then completed at initiator")).isEqualTo(requeued);
        assertThat(count(r.out(), "injected", "commands unanswered by a stopped target at target"))
                .as("the I/Os in flight and the keep-alive").isEqualTo(requeued + 1);
        long maxClatUs = number(r.out(), "clat \\(usec\\): min=\\d+, max=(\\d+)");
        assertThat(maxClatUs).as("detected at 7.5 s, reconnected 10 s later").isBetween(17_000_000L, 18_000_000L);

        CliRun off = hcasim("fio", "--set", "fault.target.stop-at=20ms", "--set", "fault.target.stop-for=3s",
                "--set", "nvmeof.host.keep-alive-tmo=0", Path.of("..", "examples", "nvmeof-randread.fio").toString());
        assertThat(off.exit()).isZero();
        assertThat(count(off.out(), "caught", "nvmeof keep-alive timeout at initiator")).isZero();
        assertThat(number(off.out(), "clat \\(usec\\): min=\\d+, max=(\\d+)"))
                .as("without keep-alive the 30 s I/O timeout notices it").isBetween(40_000_000L, 41_000_000L);
    }

    @Test
    void the_target_tears_down_a_controller_whose_host_sent_nothing_for_kato_and_the_host_still_reconnects() {
        // the link goes down at 2 ms for 15 s: the target saw commands before 5 s, none before 10 s (nvmet's timer)
        String[] args = {"fio", "--set", "testbed.target.backstore=ram", "--set", "fault.link.down-at=2ms",
                "--set", "fault.link.down-for=15s", Path.of("..", "examples", "nvmeof-verify.fio").toString()};
        CliRun r = hcasim(args);
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("err= 0");
        assertThat(count(r.out(), "caught", "nvmet keep-alive timeout at target")).isEqualTo(1);
        assertThat(count(r.out(), "recovered", "nvmeof controller reconnects at initiator")).isEqualTo(1);

        String[] off = java.util.Arrays.copyOf(args, args.length + 2);
        off[args.length - 1] = "--set";
        off[args.length] = "nvmeof.host.keep-alive-tmo=0"; // KATO 0 in the Connect: the target runs no timer
        off[args.length + 1] = args[args.length - 1];
        CliRun none = hcasim(off);
        assertThat(none.exit()).isZero();
        assertThat(count(none.out(), "caught", "nvmet keep-alive timeout at target")).isZero();
    }

    @Test
    void a_keep_alive_tmo_that_is_not_whole_seconds_is_one_line_error() {
        CliRun r = hcasim("fio", "--set", "nvmeof.host.keep-alive-tmo=1500ms",
                Path.of("..", "examples", "nvmeof-randread.fio").toString());
        assertThat(r.exit()).isIn(1, 2);
        assertThat(r.err().lines().count()).isEqualTo(1);
        assertThat(r.err()).contains("nvmeof.host.keep-alive-tmo").contains("whole seconds");
    }
}
