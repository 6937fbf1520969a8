package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.hcasim.fio.FioRun;
import org.junit.jupiter.api.Test;

class FioProgressBarTest {

    @Test
    void drawsOnlyAfterTheFirstSecondAtMostFourTimesASecondAndClearsItself() {
        var bytes = new ByteArrayOutputStream();
        long[] now = {0};
        var bar = new FioProgressBar(new PrintStream(bytes, true, StandardCharsets.UTF_8), () -> now[0]);

        now[0] = 900_000_000L;
        bar.at(0.3, 270_000_000L);
        assertThat(bytes.size()).as("a short run shows nothing").isZero();

        now[0] = 2_000_000_000L;
        bar.at(0.4, 360_000_000L);
        String first = bytes.toString(StandardCharsets.UTF_8);
        assertThat(first).isEqualTo("\rfio [############------------------] 40%, 0.360 s simulated, 0:02 elapsed, ETA 0:03");

        now[0] = 2_100_000_000L;
        bar.at(0.45, 400_000_000L);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).as("within 250 ms of the last draw").isEqualTo(first);

        bar.clear();
        String all = bytes.toString(StandardCharsets.UTF_8);
        assertThat(all).doesNotContain("\n").endsWith("\r");
        assertThat(all.substring(first.length() + 1, all.length() - 1)).isBlank();
    }

    @Test
    void offATerminalOrQuietThereIsNoBar() {
        var err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertThat(FioProgressBar.choose(false, false, err)).isSameAs(FioRun.Progress.NONE);
        assertThat(FioProgressBar.choose(true, true, err)).isSameAs(FioRun.Progress.NONE);
        assertThat(FioProgressBar.choose(false, true, err)).isInstanceOf(FioProgressBar.class);
    }
}
