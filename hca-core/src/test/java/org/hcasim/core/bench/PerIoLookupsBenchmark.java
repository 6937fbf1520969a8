package org.hcasim.core.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.core.hw.PcieLink;
import org.hcasim.core.hw.TranslationCache;
import org.hcasim.core.profile.Profiles;
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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The lookups the engine does per simulated I/O outside the event loop: the HCA's translation cache (a working
 * set of 3 / 4 of its capacity with every 16th lookup a new key, so hits and misses both occur), host-memory
 * bounds checks over 4096 live allocations, and a timeline's busy time by cause. Score = lookups per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PerIoLookupsBenchmark {
    private static final int BATCH = 10_000;
    private static final int ALLOCATIONS = 4096;

    private TranslationCache cache;
    private int workingSet;
    private int nextKey;
    private SparseHostMemory memory;
    private long[] buffers;
    private Timeline timeline;
    private SplittableRandom random;

    @Setup
    public void setUp() {
        Simulation sim = new Simulation(1);
        HcaParams hca = Profiles.hca("connectx5").params();
        cache = new TranslationCache(sim, "bench/translation", hca.translation(), new PcieLink(sim, "bench/pcie", hca.pcie()));
        workingSet = hca.translation().entries() * 3 / 4;
        memory = new SparseHostMemory("bench", PayloadMode.ELIDED);
        buffers = new long[ALLOCATIONS];
        for (int i = 0; i < ALLOCATIONS; i++) {
            buffers[i] = memory.allocatePayload(4096, 4096);
        }
        timeline = new Timeline("bench", ResourceKind.HCA_ENGINE, 1);
        timeline.acquire(0, Long.MAX_VALUE / 2); // busy time for every attribution to come
        random = new SplittableRandom(1);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long translationCache() {
        long ready = 0;
        for (int i = 0; i < BATCH; i++) {
            int key = (i & 15) == 0 ? workingSet + nextKey++ : random.nextInt(workingSet);
            ready = cache.translate(ready, key, 0, 1, 8);
        }
        return ready;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long hostMemoryCheck() {
        long sum = 0;
        for (int i = 0; i < BATCH; i++) {
            long at = buffers[random.nextInt(ALLOCATIONS)] + 64;
            memory.check(at, 512);
            sum += at;
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long timelineAttribute() {
        for (int i = 0; i < BATCH; i++) {
            timeline.attribute((i & 1) == 0 ? "fetch" : "stall", 1);
        }
        return timeline.busyNs();
    }
}
