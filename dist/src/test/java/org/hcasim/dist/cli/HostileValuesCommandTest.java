package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.hcasim.dist.CliRun;

/**
 * Values a hostile user gives {@code hcasim fio} (issue 19): each ends with exit 1 and one line on stderr naming the
 * key or the part of the run that drives it, before the run, never an internal error or an out-of-memory.
 */
class HostileValuesCommandTest {

    private static void assertOneLineUserError(CliRun r, String... expected) {
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(expected).doesNotContain("internal error").doesNotContain("\tat ");
        assertThat(r.out()).as("nothing ran").isEmpty();
    }

    @Test
    void a_ram_backstore_larger_than_the_heap_is_refused_before_the_run(@TempDir Path dir) throws IOException {
        Path job = Files.writeString(dir.resolve("fill.fio"), "[fill]\nioengine=nvmeof\nrw=write\nbs=1m\nsize=900g\n");
        CliRun r = hcasim("fio", "--set", "testbed.target.backstore=ram", job.toString());
        assertOneLineUserError(r, "hcasim fio: the run needs about", "what the ram backstore keeps would take about",
                "the jobs write up to 900.0 GiB of testbed.target.namespace-size x testbed.target.namespaces");
    }

    @Test
    void profile_values_out_of_range_name_the_key_and_the_range() {
        String job = Path.of("..", "examples", "nvmeof-randread.fio").toString();
        assertOneLineUserError(hcasim("fio", "--set", "hca.port.mtu-bytes=1", job),
                "'hca.port.mtu-bytes' must be one of 256, 512, 1024, 2048, 4096, got 1");
        assertOneLineUserError(hcasim("fio", "--set", "hca.port.rate-gbps=1e-9", job),
                "'hca.port.rate-gbps' must be between 0.1 and 10000.0, got 1.0E-9");
        assertOneLineUserError(hcasim("fio", "--set", "host.cost.syscall-ns=9223372036854775000", job),
                "'host.cost.syscall-ns' must be at most 1000000000000");
        assertOneLineUserError(hcasim("fio", "--set", "fault.wire.loss-rate=0.9", job),
                "fault.wire.loss-rate = 0.9 (from --set) must be a probability between 0 and 0.5");
        assertOneLineUserError(hcasim("fio", "--set", "fault.link.down-for=2000s", job),
                "fault.link.down-for = 2000s (from --set) must be between 0 and 1000s");
    }

    @Test
    void latencies_at_the_top_of_their_range_that_keep_the_testbed_from_connecting_are_a_user_error() {
        String job = Path.of("..", "examples", "nvmeof-randread.fio").toString();
        assertOneLineUserError(hcasim("fio", "--set", "hca.port.latency-ns=1000000000000", job),
                "nvmeof initiator on initiator did not connect to target within 10 s of simulated time");
    }

    @Test
    void verbs_limits_below_what_a_ulp_asks_for_are_a_user_error() {
        String job = Path.of("..", "examples", "nvmeof-randread.fio").toString();
        assertOneLineUserError(hcasim("fio", "--set", "hca.verbs.max-qp-wr=1", job),
                "nvmeof initiator on initiator could not connect to target: createQp: maxSendWr",
                "outside 1..1 (the HCA profile's hca.verbs.max-qp-wr) (EINVAL), below what nvmeof asks for");
    }

    @Test
    void verbs_limits_a_message_ulp_hits_inside_its_workload_are_a_user_error_naming_the_key() {
        // RDS connects on the first sendmsg, inside rds-stress's event loop, not while the testbed is built
        CliRun r = hcasim("rds-stress", "--set", "hca.verbs.max-cqe=1");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).startsWith("hcasim rds-stress: mlx5_0: CQ size ")
                .contains("outside 1..1 (the HCA profile's hca.verbs.max-cqe)").doesNotContain("internal error");
    }
}
