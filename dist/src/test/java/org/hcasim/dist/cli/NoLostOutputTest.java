package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.hcasim.dist.CliRun;

/**
 * No lost output (issue 19): a report file that cannot be written is an error, exit 1 and one line on stderr; the
 * targets of {@code --output}, {@code --out} and {@code --trace} are checked before the run, so a bad one costs no
 * run; a point of a sweep that fails on a bug makes {@code reproduce} an internal error (exit 70), not only a
 * FAILED cell in its table.
 */
class NoLostOutputTest {

    private static final String JOB = Path.of("..", "examples", "nvmeof-randread.fio").toString();

    private static void assertOneLineError(CliRun r, String expected) {
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(expected).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void a_report_written_to_a_full_disk_is_an_error() {
        CliRun r = hcasim("fio", "--output", "/dev/full", JOB);
        assertOneLineError(r, "hcasim fio: cannot write --output /dev/full: No space left on device");
    }

    @Test
    void an_output_file_that_is_a_directory_or_in_no_directory_is_refused_before_the_run(@TempDir Path dir) {
        CliRun isDir = hcasim("fio", "--output", dir.toString(), "--set", "testbed.initiators=1024", JOB);
        assertOneLineError(isDir, "hcasim fio: --output " + dir + ": is a directory, not a file");
        Path nowhere = dir.resolve("no-such-dir").resolve("report.txt");
        CliRun noParent = hcasim("fio", "--output", nowhere.toString(), JOB);
        assertOneLineError(noParent, "--output " + nowhere + ": its directory " + nowhere.getParent() + " does not exist");
    }

    @Test
    void reproduce_checks_out_and_trace_before_the_sweep(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        CliRun notADir = hcasim("reproduce", "toy-queue", "--out", file.toString());
        assertOneLineError(notADir, "hcasim reproduce: --out " + file + ": exists and is not a directory");
        assertThat(notADir.out()).as("no sweep ran").isEmpty();

        CliRun underAFile = hcasim("reproduce", "toy-queue", "--out", file.resolve("sub").toString());
        assertOneLineError(underAFile, "--out " + file.resolve("sub") + ": cannot create the directory");
        assertThat(underAFile.out()).isEmpty();

        CliRun traceIsDir = hcasim("reproduce", "toy-queue", "--trace", dir.toString());
        assertOneLineError(traceIsDir, "hcasim reproduce: --trace " + dir + ": is a directory, not a file");
        assertThat(traceIsDir.out()).isEmpty();
    }

    @Test
    void a_trace_written_to_a_full_disk_is_an_error() {
        CliRun r = hcasim("reproduce", "toy-batch", "--axis", "cores=1", "--axis", "policy=single", "--trace", "/dev/full");
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("hcasim reproduce: --trace /dev/full: cannot write").doesNotContain("\tat ");
    }

    @Test
    void a_point_that_fails_on_a_bug_makes_reproduce_an_internal_error_after_its_outputs() {
        CliRun r = hcasim("reproduce", "toy-crash", "--jobs", "1");
        assertThat(r.exit()).as(r.err()).isEqualTo(70);
        assertThat(r.out()).as("the table still shows the good point and the failed one").contains("FAILED");
        assertThat(r.err().lines().filter(l -> l.startsWith("hcasim reproduce: internal error:")).toList()).singleElement()
                .asString().contains("point bs=4096 policy=fancy of toy-crash failed").contains("toy bug at bs=4096");
        assertThat(r.err()).doesNotContain("\tat ");
    }
}
