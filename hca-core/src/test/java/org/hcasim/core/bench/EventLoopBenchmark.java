package org.hcasim.core.bench;

import java.util.concurrent.TimeUnit;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.HoldModel;
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
 * Event-loop throughput in the hold model (each event schedules one at a random future time), and the cost of
 * schedule + cancel. Score = events (operations) per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EventLoopBenchmark {
    private static final int BATCH = 10_000;

    @Param({"1000", "100000"})
    int pending;

    private HoldModel hold;
    private EventLoop loop;
    private final Runnable nothing = () -> { };

    @Setup
    public void setUp() {
        hold = new HoldModel(pending, 1);
        loop = new EventLoop();
        for (int i = 0; i < pending; i++) {
            loop.at(1_000_000_000L + i, nothing);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void holdModel() {
        hold.run(BATCH);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long scheduleAndCancel() {
        long sum = 0;
        for (int i = 0; i < BATCH; i++) {
            long h = loop.after(1 + (i & 1023), nothing);
            sum += h;
            loop.cancel(h);
        }
        // Cancelled entries are dropped when they surface; run them off so the heap stays at `pending`.
        loop.runUntil(loop.now());
        return sum;
    }
}
