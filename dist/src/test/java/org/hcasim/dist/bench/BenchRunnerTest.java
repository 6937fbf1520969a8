package org.hcasim.dist.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchRunnerTest {

    @Test
    void ioRateIsSimulatedIosOverMedianWallTime() {
        long[] t = {0}; // a clock advancing 1 ms per reading: every execution measures 1 ms
        BenchRun run = new BenchRun() {
            public String name() { return "fixed"; }
            public String payload() { return "elided"; }
            public Work execute() { return new Work(5_000, 2_000_000, 40_000); }
        };

        long[] bytes = {0}; // an allocation counter advancing 1 MB per reading
        long[] cpu = {0}; // a CPU clock advancing 0.5 ms per reading: the thread ran half the wall time
        List<BenchResult> r = new BenchRunner(1, 3, () -> t[0] += 1_000_000, () -> bytes[0] += 1_000_000,
                () -> cpu[0] += 500_000).run(List.of(run));

        assertThat(r).singleElement().satisfies(x -> {
            assertThat(x.medianWallNs()).isEqualTo(1_000_000);
            assertThat(x.iosPerWallSecond()).isEqualTo(5_000_000.0);
            assertThat(x.simulatedPerWall()).isEqualTo(2.0);
            assertThat(x.eventsPerIo()).isEqualTo(8.0);
            assertThat(x.eventsPerWallSecond()).isEqualTo(40_000_000.0);
            assertThat(x.allocatedBytesPerIo()).isEqualTo(200.0);
            assertThat(x.medianCpuNs()).isEqualTo(500_000);
            assertThat(x.iosPerCpuSecond()).isEqualTo(10_000_000.0);
        });
    }

    @Test
    void aRunThatSimulatesDifferentWorkEachTimeIsRejected() {
        long[] n = {0};
        BenchRun drifting = new BenchRun() {
            public String name() { return "drifting"; }
            public String payload() { return "real"; }
            public Work execute() { return new Work(++n[0], 1, 1); }
        };

        assertThatThrownBy(() -> new BenchRunner(0, 2, System::nanoTime).run(List.of(drifting)))
                .hasMessageContaining("bench run drifting is not deterministic");
    }

    @Test
    void hostPipelineIsDeterministicAndBoundByItsCpuCost() {
        HostPipelineRun run = new HostPipelineRun(2, 8, 1_000_000L);

        BenchRun.Work w = run.execute();

        assertThat(run.execute()).isEqualTo(w);
        // 2 cores, (submit + complete) CPU per I/O: the I/O count cannot exceed that capacity
        long cpuBound = 2 * 1_000_000L / (HostPipelineRun.SUBMIT_NS + HostPipelineRun.COMPLETE_NS);
        assertThat(w.simulatedIos()).isBetween(cpuBound * 9 / 10, cpuBound);
    }
}
