package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.FaultAccountText.count;
import static org.hcasim.dist.CliRun.hcasim;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.hcasim.dist.CliRun;

/**
 * {@code hcasim fio} with faults injected (docs/faults.md), on the example testbeds and job files: wire bit errors
 * and losses are recovered by RC and the job ends with err=0; bit flips in a backstore are caught by PI checks and
 * reported by fio as I/O errors, one per flip; without PI and verify the account counts them as undetected.
 */
class FaultInjectionCommandTest {
    private static String example(String name) {
        return Path.of("..", "examples", name).toString();
    }

    @Test
    void wire_bit_errors_and_losses_are_recovered_and_the_verify_job_ends_with_err_0() {
        CliRun r = hcasim("fio", "--testbed", example("faults-wire-testbed.properties"), example("nvmeof-verify.fio"));
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("err= 0").doesNotContain("err=84").contains("hcasim faults (docs/faults.md):");
        long corrupted = count(r.out(), "injected", "packets corrupted");
        long lost = count(r.out(), "injected", "packets lost");
        assertThat(corrupted).isPositive();
        assertThat(lost).isPositive();
        assertThat(count(r.out(), "caught", "ICRC at target/mlx5_0") + count(r.out(), "caught", "ICRC at initiator/mlx5_0"))
                .isEqualTo(corrupted);
        assertThat(count(r.out(), "transport", "requests retransmitted")).isPositive();
        assertThat(count(r.out(), "recovered", "packets lost or corrupted, of work that then succeeded")
                + count(r.out(), "recovered", "packets of work already complete")).isEqualTo(corrupted + lost);
        assertThat(r.out()).doesNotContain("not recovered:").doesNotContain("undetected:");
    }

    @Test
    void a_run_with_faults_is_repeatable_byte_for_byte() {
        String[] args = {"fio", "--testbed", example("faults-wire-testbed.properties"), "--set", "fault.backstore.flip-rate=0.001",
            example("nvmeof-verify.fio")};
        CliRun first = hcasim(args);
        CliRun second = hcasim(args);
        assertThat(second.out().replaceAll("(?m)pid=\\d+: .*$", "")).isEqualTo(first.out().replaceAll("(?m)pid=\\d+: .*$", ""));
        assertThat(second.err()).isEqualTo(first.err());
    }

    @Test
    void with_pi_every_backstore_bit_flip_is_caught_and_reported_by_fio_as_an_io_error() {
        CliRun r = hcasim("fio", "--testbed", example("faults-backstore-pi-testbed.properties"), example("faults-pi.fio"));
        long flips = count(r.out(), "injected", "backstore bit flips at target");
        assertThat(flips).isPositive();
        assertThat(count(r.out(), "caught", "PI check of backstore ns1 (CPU) at target")).isEqualTo(flips);
        assertThat(r.err().lines().filter(l -> l.startsWith("fio: io_u error on file nvme0n1:")).count()).isEqualTo(flips);
        assertThat(r.out()).contains("errors    : total=" + flips + ", first_error=84/<Invalid or incomplete multibyte or wide character>");
        assertThat(r.out()).doesNotContain("undetected:");
        assertThat(r.exit()).isEqualTo(1);
    }

    @Test
    void without_pi_and_verify_every_backstore_bit_flip_is_counted_as_undetected_corruption() {
        CliRun r = hcasim("fio", "--testbed", example("faults-backstore-testbed.properties"), example("faults-nocheck.fio"));
        assertThat(r.err()).isEmpty();
        assertThat(r.exit()).isZero();
        long flips = count(r.out(), "injected", "backstore bit flips at target");
        assertThat(flips).isPositive();
        assertThat(count(r.out(), "undetected", "blocks read back wrong (oracle)")).isEqualTo(flips);
        assertThat(r.out()).doesNotContain("caught:");
    }

    @Test
    void fio_verify_catches_what_no_pi_protects() {
        CliRun r = hcasim("fio", "--testbed", example("faults-backstore-testbed.properties"), "--set",
                "fault.backstore.flip-rate=0.01", example("nvmeof-verify.fio"));
        long caught = count(r.out(), "caught", "fio verify at initiator");
        assertThat(caught).isPositive().isLessThanOrEqualTo(count(r.out(), "injected", "backstore bit flips at target"));
        assertThat(r.err().lines().filter(l -> l.contains("verify failed at file nvme0n1")).count()).as("the first failure ends the job")
                .isEqualTo(1);
        assertThat(r.out()).doesNotContain("undetected:");
        assertThat(r.exit()).isEqualTo(1);
    }

    @Test
    void iser_and_srp_recover_from_wire_faults_too() {
        for (String job : new String[] {"iser-verify.fio", "srp-verify.fio"}) {
            CliRun r = hcasim("fio", "--testbed", example("faults-wire-testbed.properties"), example(job));
            assertThat(r.err()).as(job).isEmpty();
            assertThat(r.exit()).as(job).isZero();
            assertThat(count(r.out(), "injected", "packets corrupted") + count(r.out(), "injected", "packets lost")).as(job).isPositive();
            assertThat(r.out()).as(job).doesNotContain("not recovered:");
        }
    }

    @Test
    void reproduce_runs_with_faults_and_its_summary_gives_each_points_account() {
        CliRun r = hcasim("reproduce", "fio-probe", "--jobs", "1", "--set", "fault.wire.loss-rate=0.002");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("\nfaults (docs/faults.md):\n").containsPattern("(?m)^  \\S.*: injected: packets_lost \\d+; ")
                .contains("recovered: packets_lost_or_corrupted_of_work_that_then_succeeded");
        CliRun clean = hcasim("reproduce", "fio-probe", "--jobs", "1");
        assertThat(clean.out()).doesNotContain("faults (docs/faults.md)");
    }
}
