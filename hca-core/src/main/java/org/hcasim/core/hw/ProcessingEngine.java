package org.hcasim.core.hw;

import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * k HCA processing units with a per-operation and a per-byte cost, served FIFO. Busy time spent waiting for
 * a fetch ({@link #processWithFetch}) is accounted as the fetch cause, the rest as {@value #PROCESSING}.
 */
public final class ProcessingEngine {
    /** The cause of busy time spent computing (everything but fetches). */
    public static final String PROCESSING = "processing";
    /** The default cause of busy time spent holding a unit while its input is read over PCIe. */
    public static final String LIST_FETCH = "list-fetch";

    private final EngineParams p;
    private final Timeline timeline;
    private final String fetchCause;

    public ProcessingEngine(Simulation sim, String name, EngineParams params) {
        this(sim, name, params, LIST_FETCH);
    }

    /** An engine whose fetches are reported as {@code fetchCause} (e.g. {@code registration-list fetch}). */
    public ProcessingEngine(Simulation sim, String name, EngineParams params, String fetchCause) {
        this.p = params;
        this.timeline = sim.timeline(name, ResourceKind.HCA_ENGINE, params.units()).otherCause(PROCESSING);
        this.fetchCause = fetchCause;
    }

    /** Processes one operation on {@code bytes} of payload arriving at {@code t}; returns its finish time. */
    public long process(long t, long bytes) {
        return timeline.acquire(t, serviceNs(bytes));
    }

    /** Like {@link #process(long, long)} with a trace label. */
    public long process(long t, long bytes, String label) {
        return timeline.acquire(t, serviceNs(bytes), label);
    }

    /** Processes an operation whose fixed cost differs from the default (e.g. a UMR with n entries). */
    public long processCustom(long t, long opNs, long bytes, String label) {
        return timeline.acquire(t, opNs + Math.round(p.perByteNs() * bytes), label);
    }

    /**
     * An operation that must first DMA-read {@code fetchBytes} (e.g. a UMR translation list that is not inline):
     * the unit is held from its start through the read and then processes {@code bytes}. This dependent round
     * trip is what caps non-inline registrations.
     *
     * @return the finish time
     */
    public long processWithFetch(long t, PcieLink pcie, long fetchBytes, long bytes, String label) {
        long start = timeline.startTime(t);
        long fetched = pcie.dmaRead(start, fetchBytes);
        long finish = timeline.acquire(t, fetched - start + serviceNs(bytes), label);
        timeline.attribute(fetchCause, fetched - start);
        return finish;
    }

    public long serviceNs(long bytes) {
        return p.perOpNs() + Math.round(p.perByteNs() * bytes);
    }

    public EngineParams params() {
        return p;
    }

    public Timeline timeline() {
        return timeline;
    }
}
