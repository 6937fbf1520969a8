package org.hcasim.dist.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Runs each benchmark run {@code warmups} times unmeasured (JIT compilation), then {@code repeats} times
 * measured: wall time and the bytes the running thread allocated. Each repetition must simulate the same work;
 * a run that does not is a bug and fails loudly.
 */
public final class BenchRunner {
    private final int warmups;
    private final int repeats;
    private final LongSupplier clock;
    private final LongSupplier allocatedBytes;

    public BenchRunner(int warmups, int repeats, LongSupplier clock) {
        this(warmups, repeats, clock, ThreadAllocation::currentThreadBytes);
    }

    /** {@code allocatedBytes}: bytes allocated so far by the calling thread (a counter read before and after). */
    public BenchRunner(int warmups, int repeats, LongSupplier clock, LongSupplier allocatedBytes) {
        if (warmups < 0 || repeats < 1) {
            throw new org.hcasim.core.config.UserException("bench needs --warmups >= 0 and --repeats >= 1");
        }
        this.warmups = warmups;
        this.repeats = repeats;
        this.clock = clock;
        this.allocatedBytes = allocatedBytes;
    }

    public List<BenchResult> run(List<BenchRun> runs) {
        List<BenchResult> out = new ArrayList<>();
        for (BenchRun run : runs) {
            for (int i = 0; i < warmups; i++) {
                run.execute();
            }
            long[] wall = new long[repeats];
            long[] allocated = new long[repeats];
            BenchRun.Work first = null;
            for (int i = 0; i < repeats; i++) {
                long a0 = allocatedBytes.getAsLong();
                long t0 = clock.getAsLong();
                BenchRun.Work w = run.execute();
                wall[i] = clock.getAsLong() - t0;
                allocated[i] = allocatedBytes.getAsLong() - a0;
                if (first == null) {
                    first = w;
                } else if (!first.equals(w)) {
                    throw new IllegalStateException("bench run " + run.name() + " is not deterministic: " + first + " then " + w);
                }
            }
            out.add(new BenchResult(run.name(), run.payload(), first.simulatedIos(), first.simulatedNs(), first.events(), wall, allocated));
        }
        return out;
    }
}
