package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.ResourceRegistry;
import org.hcasim.core.sim.ResourceUsage;
import org.hcasim.fio.loopback.LoopbackTestbed;
import org.hcasim.host.Host;
import org.junit.jupiter.api.Test;

/**
 * CPU % covers the interval fio's statistics cover, from the end of ramp_time to the end of the job: what
 * the ramp spent counts neither in the host's CPU (the busy time of its cores since fio reset the statistics,
 * which the run report shows as {@code initiator/cpus} and experiments read as {@code cpu_pct.initiator}) nor in
 * the job's own cpu line.
 */
class FioMeasuredCpuTest {
    private static final String JOB = """
            [j]
            ioengine=loopback
            cpus_allowed=0
            rw=randread
            bs=4k
            iodepth=4
            ramp_time=5ms
            runtime=10ms
            time_based
            """;
    private static final long RAMP_NS = 5_000_000L;
    private static final long RUNTIME_NS = 10_000_000L;
    /** The initiator has 4 cores; the job runs (and the loopback ULP completes) on core 0 only. */
    private static final int CORES = 4;
    private static final int IDLE_CORE = 3;
    private static final long BURN_NS = 4_000_000L;

    /** What fio measured, and the initiator's cores' busy time and the interval since the statistics reset. */
    private record Measured(JobResult job, long coreBusyNs, long intervalNs) {
        double hostCpuPct() {
            return 100.0 * coreBusyNs / (CORES * (double) intervalNs);
        }
    }

    private static Measured measured(JobResult job, ResourceRegistry registry, long now) {
        long busy = 0;
        for (ResourceUsage u : registry.usage(now)) {
            if (u.kind() == ResourceKind.CORE && u.name().startsWith("initiator/")) {
                busy += u.busyNs();
            }
        }
        return new Measured(job, busy, now - registry.statsSinceNs());
    }

    /** Runs {@link #JOB}; a non-negative {@code burnAtNs} also keeps the idle core busy for BURN_NS from then on. */
    private static Measured run(long burnAtNs) {
        FioHarness h = FioHarness.nullDevice();
        h.testbed.devices("loopback"); // connect first, so the job starts now
        Host host = h.testbed.initiatorHost();
        if (burnAtNs >= 0) host.timer(burnAtNs, IDLE_CORE, "other load", () -> host.charge(BURN_NS));
        JobResult job = h.run(JOB).jobs.get(0);
        var sim = h.testbed.simulation();
        return measured(job, sim.resources(), sim.now());
    }

    @Test
    void hostCpuLeavesOutWhatTheRampSpent() {
        Measured quiet = run(-1);
        Measured busyRamp = run(0);
        // counted over the whole run, the 4 ms burnt during the ramp would add 4 / (4 x 15) = +6.7 points
        assertThat(busyRamp.hostCpuPct()).isCloseTo(quiet.hostCpuPct(), within(0.05));
        assertThat(busyRamp.job().read.ios).isEqualTo(quiet.job().read.ios);
    }

    @Test
    void hostCpuIsBusyTimeSinceTheRampOverCoresTimesTheMeasuredInterval() {
        Measured quiet = run(-1);
        Measured busyMeasured = run(RAMP_NS + 1_000_000L);
        // the host's ramp ends ramp_time after the group started, the job's ramp_time after its thread first ran
        // (here 1.1 us later: core 0 was still finishing the connect task)
        assertThat(quiet.intervalNs()).isCloseTo(quiet.job().runtimeNs, within(5_000L))
                .isBetween(RUNTIME_NS, RUNTIME_NS + 100_000L);
        double expectedExtra = 100.0 * BURN_NS / (CORES * (double) busyMeasured.intervalNs());
        assertThat(busyMeasured.hostCpuPct()).isCloseTo(quiet.hostCpuPct() + expectedExtra, within(0.05));
    }

    @Test
    void jobCpuLineCountsOnlyTheIosOfTheMeasuredInterval() {
        JobResult j = run(-1).job();
        long fioIo = LoopbackTestbed.COSTS.get("fio-io");
        // usr time is fio-io per I/O issued after the ramp; up to iodepth of the I/Os completed after it
        // were issued before it (the ramp's other half-interval of I/Os would add half as much again)
        assertThat(j.usrNs).isBetween(fioIo * (j.read.ios - 4), fioIo * j.read.ios);
        assertThat(j.usrPercent()).isCloseTo(100.0 * j.usrNs / j.runtimeNs, within(1e-9));
        assertThat(j.elapsedNs - j.runtimeNs).isEqualTo(RAMP_NS);
    }

    @Test
    void aGroupThatEndsWithinItsRampMeasuresNothingOnTheHostEither() {
        FioHarness h = FioHarness.nullDevice();
        JobResult j = h.run("[short]\nioengine=loopback\nrw=read\nsize=64k\nramp_time=5ms\n").jobs.get(0);
        var sim = h.testbed.simulation();
        assertThat(j.runtimeNs).isZero();
        assertThat(j.read.ios).isZero();
        assertThat(sim.now()).as("the job ended long before its ramp would have").isLessThan(RAMP_NS / 10);
        assertThat(sim.loop().pending()).as("no restart of the statistics left for later").isZero();
        assertThat(sim.now() - sim.resources().statsSinceNs()).isZero();
    }
}
