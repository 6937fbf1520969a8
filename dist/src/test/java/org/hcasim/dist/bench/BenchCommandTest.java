package org.hcasim.dist.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.Test;

class BenchCommandTest {

    private static String[] run(String... args) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int exit = HcasimCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(exit), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void theFixedSetIsTheExperimentsRealisticRuns() {
        String[] r = run("bench", "runs", "--list");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1].lines().toList()).containsExactly(
                "nvmeof randread 512 48x16 connectx5 inline-umr payload elided",
                "nvmeof randread 512 48x16 connectx5 inline-umr payload real",
                "nvmeof randread 4k 48x16 connectx5 inline-umr payload elided",
                "nvmeof randread 4k 48x16 connectx5 inline-umr payload real",
                "iser randwrite 32k PI 24x128 klm",
                "rds-stress 8448/256 8 QPs x 4 tasks",
                "mr-bench 10000 MRs x 64 pages",
                "nvmeof randread 1k srq-per-vector 4x12x128");
        assertThat(run("bench", "runs", "--only", "nope")[2]).isEqualTo("hcasim bench runs: --only nope: no run's name contains it (see --list)\n");
    }

    @Test
    void benchRunsJsonGivesWallTimeEventAndIoRatesAndThePayloadOfEachRun() throws Exception {
        String[] r = run("bench", "runs", "--format", "json", "--warmups", "0", "--repeats", "1", "--only", "512 48x16 connectx5 inline-umr payload elided");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        var json = new ObjectMapper().readTree(r[1]);
        assertThat(json.get("runs")).hasSize(1);
        var first = json.at("/runs/0");
        assertThat(first.get("name").asText()).isEqualTo("nvmeof randread 512 48x16 connectx5 inline-umr payload elided");
        assertThat(first.get("payload").asText()).isEqualTo("elided");
        assertThat(first.get("wall_seconds").asDouble()).isPositive();
        assertThat(first.get("events_per_second").asLong()).isPositive();
        assertThat(first.get("simulated_ios_per_wall_second").asLong()).isPositive();
        assertThat(first.get("simulated_ios").asLong()).as("long enough for the JIT").isGreaterThanOrEqualTo(RealisticBenchRuns.MIN_IOS);
        assertThat(first.get("events_per_io").asDouble()).isPositive();
    }
}
