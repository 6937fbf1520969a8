package org.hcasim.dist.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {

    @Test
    void redrawsOneLineInPlaceAndClearsItWhenDone() {
        var bytes = new ByteArrayOutputStream();
        var bar = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8));

        bar.started("inline-umr", 4);
        bar.pointDone();
        bar.pointDone();
        String half = bytes.toString(StandardCharsets.UTF_8);
        bar.finished();

        assertThat(half).doesNotContain("\n").endsWith("\rinline-umr [###############---------------] 2/4 points");
        assertThat(bytes.toString(StandardCharsets.UTF_8)).endsWith("\r").doesNotContain("\n");
    }
}
