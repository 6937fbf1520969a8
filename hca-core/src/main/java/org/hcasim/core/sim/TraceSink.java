package org.hcasim.core.sim;

/**
 * Receives what resources do over simulated time, for a timeline trace viewer. Cores report each task,
 * timelines each service, links each transfer. Producers check {@link Simulation#tracing()} first, so a
 * run without a sink pays nothing. Implementations must be bounded in memory (see {@link TraceRecorder}).
 */
public interface TraceSink {
    /** A span of work {@code name} on {@code track} (e.g. "host1/core3", "host1/pcie.up"). */
    void span(String track, String name, long startNs, long durationNs);

    /** A point event on {@code track}, e.g. an interrupt being raised. */
    default void instant(String track, String name, long atNs) {
    }

    /** A sampled value on {@code track}, e.g. a queue depth. */
    default void counter(String track, String name, long atNs, long value) {
    }

    /** A sink that drops everything. */
    TraceSink NONE = (track, name, startNs, durationNs) -> { };
}
