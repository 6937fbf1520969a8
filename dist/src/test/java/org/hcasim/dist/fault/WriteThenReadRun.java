package org.hcasim.dist.fault;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;
import org.hcasim.dist.CliRun;

/**
 * The fault properties' fio run: a job that writes {@code size} bytes and reads them back (continue_on_error=all) on a
 * testbed with faults, and the checks that hold in every case: exit 0 or 1, stderr only fio's io_u errors, every I/O of
 * every job either succeeded or failed.
 *
 * @param report the run's JSON report
 * @param errors the I/Os that failed, over every job
 * @param what   the testbed, the job and stderr, for assertion messages
 */
record WriteThenReadRun(JsonNode report, long errors, String what) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The run's fault account. */
    JsonNode faults() {
        return report.path("hcasim faults");
    }

    /**
     * Runs the job in a temporary directory that is deleted afterwards (a property runs it dozens of times per build);
     * {@code globalOptions} are more lines of its global section (each ending in a newline), or "".
     */
    static WriteThenReadRun run(String testbed, String ioengine, String globalOptions, int bs, int iodepth, long size)
            throws IOException {
        String job = String.format(Locale.ROOT, """
                [global]
                ioengine=%s
                %sdirect=1
                bs=%d
                iodepth=%d
                size=%d
                continue_on_error=all

                [write]
                rw=write

                [read]
                stonewall
                rw=read
                """, ioengine, globalOptions, bs, iodepth, size);
        Path dir = Files.createTempDirectory("write-then-read");
        CliRun run;
        try {
            Path testbedFile = Files.writeString(dir.resolve("testbed.properties"), testbed);
            Path jobFile = Files.writeString(dir.resolve("job.fio"), job);
            run = CliRun.hcasim("fio", "--testbed", testbedFile.toString(), "--output-format=json", jobFile.toString());
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(f);
            }
        }
        String what = testbed + job + run.err();
        assertThat(run.exit()).as(what).isIn(0, 1);
        assertThat(run.err().lines().filter(l -> !l.startsWith("fio: io_u error on file ")).toList()).as(what).isEmpty();

        JsonNode report = JSON.readTree(run.out());
        long errors = 0;
        for (JsonNode j : report.get("jobs")) {
            long ios = j.get("read").get("total_ios").asLong() + j.get("write").get("total_ios").asLong();
            long failed = j.get("total_err").asLong();
            assertThat(ios + failed).as("%s: I/Os that succeeded plus those that failed\n%s", j.get("jobname"), what)
                    .isEqualTo(size / bs);
            errors += failed;
        }
        return new WriteThenReadRun(report, errors, what);
    }
}
