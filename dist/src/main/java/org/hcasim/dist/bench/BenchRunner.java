package org.hcasim.dist.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Runs each benchmark run {@code warmups} times unmeasured (JIT compilation), then {@code repeats} times
 * measured. Each repetition must simulate the same work; a run that does not is a bug and fails loudly.
 */
public final class BenchRunner {
    private final int warmups;
    private final int repeats;
    private final LongSupplier clock;

    public BenchRunner(int warmups, int repeats, LongSupplier clock) {
        if (warmups < 0 || repeats < 1) {
            throw new org.hcasim.core.config.UserException("bench needs --warmups >= 0 and --repeats >= 1");
        }
        this.warmups = warmups;
        this.repeats = repeats;
        this.clock = clock;
    }

    public List<BenchResult> run(List<BenchRun> runs) {
        List<BenchResult> out = new ArrayList<>();
        for (BenchRun run : runs) {
            for (int i = 0; i < warmups; i++) {
                run.execute();
            }
            long[] wall = new long[repeats];
            BenchRun.Work first = null;
            for (int i = 0; i < repeats; i++) {
                long t0 = clock.getAsLong();
                BenchRun.Work w = run.execute();
                wall[i] = clock.getAsLong() - t0;
                if (first == null) {
                    first = w;
                } else if (!first.equals(w)) {
                    throw new IllegalStateException("bench run " + run.name() + " is not deterministic: " + first + " then " + w);
                }
            }
            out.add(new BenchResult(run.name(), first.simulatedIos(), first.simulatedNs(), wall));
        }
        return out;
    }
}
