package org.hcasim.dist.bench;

/**
 * One benchmarked run: builds and runs a whole simulation each time it is called and says how much it
 * simulated. Must be deterministic, so every repetition does the same work.
 */
public interface BenchRun {
    /** What one execution simulated: I/Os completed, simulated time, and events the event loop ran. */
    record Work(long simulatedIos, long simulatedNs, long events) { }

    String name();

    /** {@code real} or {@code elided}: whether the run's testbed stores payload bytes (sim.payload); none without any. */
    String payload();

    Work execute();
}
