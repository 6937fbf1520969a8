package org.hcasim.dist.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.Test;

class BenchKernelCommandTest {

    private static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
        return HcasimCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void json_is_an_array_with_one_object_per_pending_count() throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int exit = run(out, err, "bench", "kernel", "--format", "json", "--events", "20000", "--warmup-events", "0",
                "--repeats", "1");

        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
        var json = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        assertThat(json.isArray()).isTrue();
        assertThat(json).hasSize(2);
        assertThat(json.get(0).get("pending").asInt()).isEqualTo(1000);
        assertThat(json.get(1).get("pending").asInt()).isEqualTo(100_000);
        assertThat(json.get(0).get("events_per_second").asLong()).isPositive();
        assertThat(json.get(0).size()).as("exactly the two documented fields").isEqualTo(2);
    }

    @Test
    void a_non_positive_event_count_is_a_one_line_error() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int exit = run(out, err, "bench", "kernel", "--events", "0");

        assertThat(exit).isNotZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--events");
    }
}
