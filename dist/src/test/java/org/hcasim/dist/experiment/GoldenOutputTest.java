package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;

/**
 * The text and CSV of the closed-form toy experiment, byte for byte: any change to the output formats
 * shows up here and is reviewed (regenerate the files from {@code hcasim reproduce toy-queue}).
 */
class GoldenOutputTest {

    static String golden(String name) throws IOException {
        try (InputStream in = GoldenOutputTest.class.getResourceAsStream("golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void text() throws IOException {
        assertThat(CliRun.hcasim("reproduce", "toy-queue").out()).isEqualTo(golden("toy-queue.txt"));
    }

    @Test
    void csv() throws IOException {
        assertThat(CliRun.hcasim("reproduce", "toy-queue", "--format", "csv").out()).isEqualTo(golden("toy-queue.csv"));
    }
}
