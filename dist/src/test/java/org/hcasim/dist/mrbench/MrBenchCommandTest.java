package org.hcasim.dist.mrbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;

/** hcasim mr-bench: what it prints, in text and JSON, and its one-line errors. */
class MrBenchCommandTest {
    static CliRun mrBench(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "mr-bench";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRun.hcasim(all);
    }

    @Test
    void text_shows_the_elapsed_time_the_latency_percentiles_the_bound_and_the_cache_counters() {
        CliRun r = mrBench("--mrs", "600", "--threads", "2", "--pages", "64");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("mr-bench: 2 threads x 600 MRs of 64 pages (256 KiB) on initiator/mlx5_0",
                        "MR cache policy strict")
                .containsPattern("register: 1200 calls in [0-9.]+ ms simulated")
                .containsPattern("latency \\(us\\): min [0-9.]+, mean [0-9.]+, p50 [0-9.]+, p90 [0-9.]+, p99 [0-9.]+, p99.9 [0-9.]+, max")
                .contains("registrations take", "initiator/mlx5_0 MR cache (strict):")
                .containsPattern("\\n +4 +6 +250 +\\d+ +\\d+ +\\d+ +\\d+\\n")
                .doesNotContain("target/");
    }

    @Test
    void json_has_both_phases_with_percentiles_and_the_run_report() throws Exception {
        CliRun r = mrBench("--mrs", "300", "--free", "--policy", "search-larger", "--format", "json");

        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = new ObjectMapper().readTree(r.out());
        assertThat(j.at("/register/calls").asLong()).isEqualTo(300);
        assertThat(j.at("/deregister/calls").asLong()).isEqualTo(300);
        JsonNode lat = j.at("/register/latency_ns");
        assertThat(lat.at("/min").asLong()).isPositive().isLessThanOrEqualTo(lat.at("/p50").asLong());
        assertThat(lat.at("/p50").asLong()).isLessThanOrEqualTo(lat.at("/p99").asLong());
        assertThat(lat.at("/p99").asLong()).isLessThanOrEqualTo(lat.at("/max").asLong());
        assertThat(j.at("/run_report/policies/hca.mr-cache.policy").asText()).isEqualTo("search-larger");
        JsonNode order6 = j.at("/run_report/tables/0/rows/4");
        assertThat(order6.at("/available").asInt()).as("every mkey came back: none is in use")
                .isEqualTo(order6.at("/total").asInt()).isGreaterThan(500);
        assertThat(j.at("/run_report/tables/2/title").asText()).endsWith("user MR deregistrations");
    }

    @Test
    void an_unknown_policy_is_one_line_listing_the_choices() {
        CliRun r = mrBench("--mrs", "10", "--policy", "lru");

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("hcasim mr-bench: hca.mr-cache.policy = lru: unknown MR cache policy;"
                + " choices: search-larger, strict");
    }

    @Test
    void more_threads_than_the_host_has_cores_for_is_one_line() {
        CliRun r = mrBench("--mrs", "10", "--threads", "23");

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("hcasim mr-bench: 23 threads need 25 cores on host initiator (one each,"
                + " core 0 for the device's interrupts, the last for the MR cache's work); it has 24");
    }

    @Test
    void a_count_below_one_is_one_line() {
        CliRun r = mrBench("--mrs", "0");

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("hcasim mr-bench: --threads, --mrs and --pages must be at least 1 (got 1, 0, 64)");
    }
}
