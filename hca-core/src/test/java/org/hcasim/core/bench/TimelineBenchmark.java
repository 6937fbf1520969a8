package org.hcasim.core.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost of one {@link Timeline#acquire} with 1, 4 and 16 units (untraced), stand-alone and on a simulation's clock
 * (the present moves on, a fifth of the requests are booked ahead of it, as a CQE after its data is).
 * Score = acquisitions per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class TimelineBenchmark {
    private static final int BATCH = 10_000;

    @Param({"1", "4", "16"})
    int units;

    private Timeline timeline;
    private SplittableRandom random;
    private long t;

    private Simulation sim;
    private Timeline clocked;

    @Setup
    public void setUp() {
        timeline = new Timeline("bench", ResourceKind.HCA_ENGINE, units);
        random = new SplittableRandom(1);
        sim = new Simulation(1);
        clocked = sim.timeline("bench", ResourceKind.PCIE, units);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long acquireOnASimulationClock() {
        long finish = 0;
        for (int i = 0; i < BATCH; i++) {
            long now = sim.now() + random.nextLong(100);
            sim.loop().runUntil(now);
            long ahead = (i % 5) == 0 ? 300 + random.nextLong(400) : random.nextLong(50);
            finish = clocked.acquire(now + ahead, 60 + random.nextLong(40));
        }
        return finish;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long acquire() {
        long finish = 0;
        for (int i = 0; i < BATCH; i++) {
            t += random.nextLong(100);
            finish = timeline.acquire(t, 80);
        }
        return finish;
    }
}
