package org.hcasim.dist.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.hcasim.dist.CliRun;
import org.hcasim.dist.cli.HcasimCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An experiment whose points are real (tiny) simulations, run through the engine-backed context. */
class SimulatedExperimentTest {

    @Test
    void runReportsComeFromTheSimulationAndNameTheSaturatedCores() {
        var r = CliRun.hcasim("reproduce", "toy-batch");

        assertThat(r.exit()).as(r.err()).isZero();
        // per core in 2 ms: 1333 tasks of 1 request (1.5 us each), 235 whole tasks of 8 (8.5 us each)
        assertThat(r.out()).containsPattern("1\\s+single_kiops\\s+667\\s+650\\s+\\+2\\.5%")
                .containsPattern("1\\s+batched_kiops\\s+940\\s+950\\s+-1\\.1%")
                .containsPattern("4\\s+single_kiops\\s+2666\\s+-\\n")
                .contains("cores=2 policy=batched: bottleneck: host/cpus (cpu, 99.9% busy)")
                .contains("policy signs: 2 of 2 agree");
    }

    @Test
    void simulatedPointsGiveTheSameCsvWhateverTheThreadCount() {
        var one = CliRun.hcasim("reproduce", "toy-batch", "--format", "csv", "--jobs", "1");
        var three = CliRun.hcasim("reproduce", "toy-batch", "--format", "csv", "--jobs", "3");

        assertThat(one.out()).contains("cores,single_kiops,batched_kiops").isEqualTo(three.out());
    }

    @Test
    void setOverridesTheTestbedOfEveryPoint() {
        var r = CliRun.hcasim("reproduce", "toy-batch", "--axis", "policy=batched", "--set", "host.cores=1");

        // --set overrides every point's testbed: all points now run on one core
        assertThat(r.out()).containsPattern("4\\s+batched_kiops\\s+940\\s+3700\\s+-74\\.6%")
                .contains("policy comparisons (policy): none (only one policy value ran)");
    }

    @Test
    void anUnknownSetKeyFailsEveryPointWithTheKeyNamedAndExitCodeOne() {
        var r = CliRun.hcasim("reproduce", "toy-batch", "--axis", "cores=1", "--set", "host.coers=2");

        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).containsPattern("1\\s+single_kiops\\s+FAILED\\s+650")
                .contains("FAILED: cores=1 policy=single: unknown configuration key 'host.coers' (known: host.cores)")
                .contains("cores=1 policy=batched: FAILED (see the summary)")
                .doesNotContain("MISSING");
    }

    @Test
    void tracePointChoosesWhichRunIsTraced(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("trace.json");
        var r = CliRun.hcasim("reproduce", "toy-batch", "--axis", "cores=1", "--trace", trace.toString(),
                "--trace-point", "policy=batched", "--trace-limit", "10");

        assertThat(r.err()).contains("wrote trace of toy-batch cores=1 policy=batched");
        assertThat(new ObjectMapper().readTree(trace.toFile()).get("traceEvents").findValuesAsText("name")).contains("batch of 8");

        var none = CliRun.hcasim("reproduce", "toy-batch", "--axis", "cores=1", "--trace", trace.toString(),
                "--trace-point", "cores=4");
        assertThat(none.err().strip()).isEqualTo("hcasim reproduce: --trace-point cores=4 matches no point of toy-batch; "
                + "points run: [cores=1 policy=single, cores=1 policy=batched]");
    }

    @Test
    void traceOfTheFirstPointHoldsItsCoreTasksInChromeFormat(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("trace.json");
        var r = CliRun.hcasim("reproduce", "toy-batch", "--axis", "cores=2", "--trace", trace.toString(),
                "--trace-limit", "100");

        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("wrote trace of toy-batch cores=2 policy=single to ").contains("100 records", "dropped over --trace-limit");
        JsonNode events = new ObjectMapper().readTree(trace.toFile()).get("traceEvents");
        assertThat(events.findValuesAsText("name")).contains("process_name", "thread_name", "batch of 1")
                .doesNotContain("batch of 8");
        assertThat(events.toString()).contains("\"cpu0\"", "\"cpu1\"");
    }
}
