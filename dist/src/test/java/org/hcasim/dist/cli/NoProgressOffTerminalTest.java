package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Off a terminal (tests, pipes, CI) reproduce, sweep and fio draw no progress bar: stderr carries only their own
 * lines, no carriage returns, and stdout is the report alone; --quiet is accepted by each.
 */
class NoProgressOffTerminalTest {
    @TempDir
    Path dir;

    private static String[] run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = HcasimCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
        return new String[] {out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void reproduceSweepAndFioPrintNoBar() throws Exception {
        Path job = dir.resolve("rr.fio");
        Files.writeString(job, "[global]\nioengine=nvmeof\nrw=randread\ntime_based\nruntime=300us\n[rr]\n");
        for (String[] args : new String[][] {
                {"reproduce", "toy-queue"}, {"reproduce", "toy-queue", "--quiet"},
                {"sweep", job.toString(), "--axis", "bs=4k,64k"}, {"sweep", job.toString(), "--axis", "bs=4k", "--quiet"},
                {"fio", job.toString()}, {"fio", "--quiet", job.toString()}}) {
            String[] r = run(args);
            assertThat(r[1]).as(String.join(" ", args)).doesNotContain("\r").doesNotContain("[#").doesNotContain("ETA");
            assertThat(r[0]).as(String.join(" ", args)).doesNotContain("\r");
        }
    }
}
