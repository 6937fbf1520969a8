package org.hcasim.dist.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.Test;

/** {@code hcasim bench scale} creates what it says and reports the heap; its numbers are for the command, not asserted. */
class BenchScaleCommandTest {

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = HcasimCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(exit), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void reportsTheObjectsItMadeAndTheHeapBesideTheLimit() {
        String[] r = run("bench", "scale", "--mrs", "200", "--qps", "20");
        assertThat(r[0]).as(r[2]).isEqualTo("0");
        assertThat(r[1]).contains("200 MRs of 64 pages and 20 RC QPs (own CQ each, depth 128) on host/mlx5_0")
                .contains("heap in use after a full GC:").contains("heap limit (-Xmx):");
    }

    @Test
    void aNegativeCountIsOneLine() {
        String[] r = run("bench", "scale", "--mrs", "-1");
        assertThat(r[0]).isEqualTo("1");
        assertThat(r[2].strip()).doesNotContain("\n").contains("--mrs, --qps and --hold must be 0 or more");
    }
}
