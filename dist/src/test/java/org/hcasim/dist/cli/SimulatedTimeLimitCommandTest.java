package org.hcasim.dist.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.dist.CliRun.hcasim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.hcasim.dist.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sim.time-limit: a run whose jobs would take longer in simulated time ends with one line instead of running on. */
class SimulatedTimeLimitCommandTest {
    @TempDir
    Path dir;

    /** 10 reads a second over 1 GiB: 262144 reads, more than seven hours of simulated time. */
    private Path slowJob() throws IOException {
        return Files.writeString(dir.resolve("slow.fio"), """
                [slow]
                ioengine=nvmeof
                direct=1
                rw=randread
                bs=4k
                rate_iops=10
                size=1g
                """);
    }

    @Test
    void a_job_past_the_limit_is_one_line_naming_what_it_waits_for() throws IOException {
        CliRun r = hcasim("fio", "--set", "sim.time-limit=20s", slowJob().toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err().lines().toList()).containsExactly("hcasim fio: the jobs ran past sim.time-limit (20 s of"
                + " simulated time): job 'slow' has 1 I/O(s) outstanding on nvme0n1; raise sim.time-limit to let them run longer");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void the_default_limit_of_an_hour_stops_the_same_job_and_a_limit_outside_its_range_is_refused() throws IOException {
        CliRun r = hcasim("fio", slowJob().toString());
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains("sim.time-limit (3600 s of simulated time)");

        CliRun zero = hcasim("fio", "--set", "sim.time-limit=0s", slowJob().toString());
        assertThat(zero.exit()).isIn(1, 2);
        assertThat(zero.err().lines().toList()).hasSize(1);
        assertThat(zero.err()).contains("sim.time-limit").contains("1s..1000000s");
    }
}
