package org.hcasim.dist.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.Test;

class BenchCommandTest {

    @Test
    void benchRunsJsonListsEveryFixedRunWithWallTimeAndIoRate() throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int exit = HcasimCommand.run(new String[] {"bench", "runs", "--format", "json", "--warmups", "0", "--repeats", "1"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
        var json = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertThat(json.get("runs")).hasSize(BenchRunsCommand.FIXED.size());
        var first = json.at("/runs/0");
        assertThat(first.get("name").asText()).isEqualTo("host-pipeline cores=4 qd=32");
        assertThat(first.get("simulated_ios").asLong()).isPositive();
        assertThat(first.get("wall_median_ns").asLong()).isPositive();
        assertThat(first.has("ios_per_wall_second")).isTrue();
        assertThat(first.get("events").asLong()).isPositive();
        assertThat(first.get("events_per_io").asDouble()).isPositive();
        assertThat(first.get("allocated_bytes_per_io").asLong()).isPositive();
    }
}
