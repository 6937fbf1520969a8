package org.hcasim.core.hw;

import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * k HCA processing units with a per-operation and a per-byte cost, served FIFO and booked when the work is
 * known (send and receive processing). Units that must first fetch their input are a {@link FetchingEngine}.
 */
public final class ProcessingEngine {
    /** The cause of busy time spent computing (everything but fetches). */
    public static final String PROCESSING = "processing";
    private final EngineParams p;
    private final Timeline timeline;

    public ProcessingEngine(Simulation sim, String name, EngineParams params) {
        this.p = params;
        this.timeline = sim.timeline(name, ResourceKind.HCA_ENGINE, params.units()).otherCause(PROCESSING);
    }

    /** Processes one operation on {@code bytes} of payload arriving at {@code t}; returns its finish time. */
    public long process(long t, long bytes) {
        return timeline.acquire(t, p.serviceNs(bytes));
    }

    /** Like {@link #process(long, long)} with a trace label. */
    public long process(long t, long bytes, String label) {
        return timeline.acquire(t, p.serviceNs(bytes), label);
    }

    public EngineParams params() {
        return p;
    }

    public Timeline timeline() {
        return timeline;
    }
}
