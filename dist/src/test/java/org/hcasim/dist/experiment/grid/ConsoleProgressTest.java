package org.hcasim.dist.experiment.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {

    @Test
    void redrawsOneLineInPlaceWithTheEtaAndClearsItWhenDone() {
        var bytes = new ByteArrayOutputStream();
        long[] now = {0};
        var bar = new ConsoleProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> now[0]);

        bar.started("inline-umr", 4);
        now[0] = 10_000_000_000L;
        bar.pointDone();
        now[0] = 20_000_000_000L;
        bar.pointDone();
        String half = bytes.toString(StandardCharsets.UTF_8);
        bar.finished();

        // two points in 20 s: the other two take about 20 s more
        assertThat(half).doesNotContain("\n")
                .endsWith("\rinline-umr [###############---------------] 2/4 points, 0:20 elapsed, ETA 0:20");
        String all = bytes.toString(StandardCharsets.UTF_8);
        assertThat(all).endsWith("\r").doesNotContain("\n");
        assertThat(all.substring(all.lastIndexOf('\r', all.length() - 2) + 1, all.length() - 1)).isBlank();
    }

    @Test
    void nothingIsShownOffATerminalOrWhenQuiet() {
        var err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(ConsoleProgress.choose(false, false, err)).isSameAs(SweepProgress.NONE);
        assertThat(ConsoleProgress.choose(true, true, err)).isSameAs(SweepProgress.NONE);
        assertThat(ConsoleProgress.choose(false, true, err)).isInstanceOf(ConsoleProgress.class);
    }
}
