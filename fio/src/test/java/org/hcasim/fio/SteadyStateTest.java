package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Steady-state stopping: fio's ss criterion as fio judges it, and the simulator's default for long time-based jobs. */
class SteadyStateTest {
    private static final String PACED = """
            [paced]
            ioengine=loopback
            rw=randread
            bs=4k
            iodepth=2
            rate_iops=2000
            runtime=900
            time_based
            ss=iops:10%
            ss_dur=2
            ss_ramp=1
            """;

    @Test
    void fiosIopsCriterionStopsAfterTheRampAndAFullWindow() throws Exception {
        FioHarness h = FioHarness.nullDevice();
        FioResults r = h.run(PACED);
        JobResult j = r.jobs.get(0);
        // checks each second: at 2 s the ramp is over (baseline), 3 s and 4 s fill the window of two samples
        assertThat(j.runtimeNs).isBetween(4_000_000_000L, 4_001_000_000L);
        assertThat(j.steadyState.attained).isTrue();

        JsonNode ss = new ObjectMapper().readTree(FioJsonReport.render(r, FioHarness.FIXED_EPOCH_MS)).get("jobs").get(0).get("steadystate");
        assertThat(ss.get("ss").asText()).isEqualTo("iops:10.000000%");
        assertThat(ss.get("duration").asInt()).isEqualTo(2);
        assertThat(ss.get("attained").asInt()).isEqualTo(1);
        assertThat(ss.get("data").get("iops")).hasSize(2).allMatch(v -> Math.abs(v.asLong() - 2000) <= 1);
        assertThat(ss.get("data").get("bw")).allMatch(v -> Math.abs(v.asLong() - 2000 * 4096) <= 4096);
        assertThat(ss.get("criterion").asText()).endsWith("%");
        assertThat(FioTextReport.render(r, FioHarness.FIXED_EPOCH_MS)).contains("  steadystate  : attained=yes, bw=8000KiB/s (8192kB/s), iops=2000, iops mean dev=");
    }

    @Test
    void aLimitNoWindowReachesRunsTheWholeRuntimeAndSaysNotAttained() throws Exception {
        FioResults r = FioHarness.nullDevice().run(PACED.replace("runtime=900", "runtime=3").replace("iops:10%", "iops_slope:0%"));
        JobResult j = r.jobs.get(0);
        assertThat(j.runtimeNs).isBetween(3_000_000_000L, 3_001_000_000L);
        assertThat(j.steadyState.attained).isFalse();
        JsonNode ss = new ObjectMapper().readTree(FioJsonReport.render(r, FioHarness.FIXED_EPOCH_MS)).get("jobs").get(0).get("steadystate");
        assertThat(ss.get("attained").asInt()).isZero();
        assertThat(ss.get("data").get("iops")).as("one sample (at 3 s) and an unfilled one").hasSize(2);
        assertThat(ss.get("data").get("iops").get(1).asLong()).isZero();
    }

    @Test
    void slopeIsTheLeastSquaresSlopeOfTheWindow() {
        FioSteadyStateCriterion c = new FioSteadyStateCriterion(SteadyState.parse("iops_slope:1", 3_000_000_000L, 0));
        assertThat(c.sample(100, 0)).isFalse();
        assertThat(c.sample(110, 0)).isFalse();
        assertThat(c.sample(120, 0)).as("slope 10 IOPS/s is not below 1").isFalse();
        assertThat(c.slope).isEqualTo(10.0);
        assertThat(c.sample(120, 0)).isFalse(); // 110, 120, 120: slope 5
        assertThat(c.slope).isEqualTo(5.0);
        assertThat(c.sample(120, 0)).as("flat").isTrue();
        assertThat(c.ordered(c.iops)).containsExactly(120, 120, 120);
    }

    @Test
    void aWindowShorterThanFiosOneSecondSampleIsRefused() {
        assertThatThrownBy(() -> FioHarness.parse("[j]\nioengine=loopback\nss=iops:1%\nss_dur=500ms\n"))
                .hasMessageContaining("ss_dur: 500000000 ns is shorter than fio's steady-state sample of 1s");
    }

    @Test
    void byDefaultALongTimeBasedJobStopsWhenSteadyWithTheRatesOfTheFullRun() {
        String job = "[rr]\nioengine=loopback\nrw=randread\nbs=4k\niodepth=8\ntime_based\nruntime=";
        FioRun stopping = new FioRun(FioHarness.slowNullDevice().testbed, e -> { }).steadyStateByDefault(true);
        JobResult soak = stopping.run(FioHarness.parse(job + "900\n")).jobs.get(0);
        assertThat(soak.runtimeNs).as("stopped long before 900 s").isLessThan(2_000_000_000L);
        assertThat(stopping.notes()).singleElement().satisfies(n -> assertThat(n).startsWith("steady state: job 'rr' stopped after ")
                .contains("of runtime=900s", "--set sim.steady-state=off"));

        FioRun full = new FioRun(FioHarness.slowNullDevice().testbed, e -> { }).steadyStateByDefault(false);
        JobResult twoSeconds = full.run(FioHarness.parse(job + "2\n")).jobs.get(0);
        assertThat(twoSeconds.runtimeNs).isGreaterThanOrEqualTo(2_000_000_000L);
        assertThat(full.notes()).isEmpty();
        assertThat(soak.read.iops()).isCloseTo(twoSeconds.read.iops(), org.assertj.core.data.Percentage.withPercentage(1));
    }

    @Test
    void shortJobsAndJobsWithTheirOwnSsRunAsAsked() {
        FioRun run = new FioRun(FioHarness.slowNullDevice().testbed, e -> { }).steadyStateByDefault(true);
        JobResult shortJob = run.run(FioHarness.parse("[s]\nioengine=loopback\nrw=randread\niodepth=8\ntime_based\nruntime=900ms\n")).jobs.get(0);
        assertThat(shortJob.runtimeNs).isGreaterThanOrEqualTo(900_000_000L);
        assertThat(run.notes()).isEmpty();
    }
}
