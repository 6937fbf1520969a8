package org.hcasim.dist.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Runs each benchmark run {@code warmups} times unmeasured (JIT compilation), then {@code repeats} times
 * measured: wall time, the running thread's CPU time (on a shared machine the steadier measure: it leaves out the
 * time the thread waited for a core) and the bytes it allocated. Each repetition must simulate the same work;
 * a run that does not is a bug and fails loudly.
 */
public final class BenchRunner {
    private final int warmups;
    private final int repeats;
    private final LongSupplier clock;
    private final LongSupplier allocatedBytes;
    private final LongSupplier cpuClock;

    public BenchRunner(int warmups, int repeats, LongSupplier clock) {
        this(warmups, repeats, clock, ThreadAllocation::currentThreadBytes, ThreadAllocation::currentThreadCpuNs);
    }

    /**
     * {@code allocatedBytes}: bytes allocated so far by the calling thread, {@code cpuClock}: its CPU time in ns (-1
     * where unknown); both counters read before and after each execution.
     */
    public BenchRunner(int warmups, int repeats, LongSupplier clock, LongSupplier allocatedBytes, LongSupplier cpuClock) {
        if (warmups < 0 || repeats < 1) {
            throw new org.hcasim.core.config.UserException("bench needs --warmups >= 0 and --repeats >= 1");
        }
        this.warmups = warmups;
        this.repeats = repeats;
        this.clock = clock;
        this.allocatedBytes = allocatedBytes;
        this.cpuClock = cpuClock;
    }

    public List<BenchResult> run(List<BenchRun> runs) {
        List<BenchResult> out = new ArrayList<>();
        for (BenchRun run : runs) {
            for (int i = 0; i < warmups; i++) {
                run.execute();
            }
            long[] wall = new long[repeats];
            long[] allocated = new long[repeats];
            long[] cpu = new long[repeats];
            BenchRun.Work first = null;
            for (int i = 0; i < repeats; i++) {
                long a0 = allocatedBytes.getAsLong();
                long c0 = cpuClock.getAsLong();
                long t0 = clock.getAsLong();
                BenchRun.Work w = run.execute();
                wall[i] = clock.getAsLong() - t0;
                long c1 = cpuClock.getAsLong();
                cpu[i] = c0 < 0 || c1 < 0 ? -1 : c1 - c0;
                allocated[i] = allocatedBytes.getAsLong() - a0;
                if (first == null) {
                    first = w;
                } else if (!first.equals(w)) {
                    throw new IllegalStateException("bench run " + run.name() + " is not deterministic: " + first + " then " + w);
                }
            }
            out.add(new BenchResult(run.name(), run.payload(), first.simulatedIos(), first.simulatedNs(), first.events(), wall, cpu, allocated));
        }
        return out;
    }
}
