package org.hcasim.core.sim;

/**
 * The simulation's switchable trace output. Components keep a reference to it and write
 * {@code if (tracer.on()) tracer.sink().span(...)} so that building track names costs nothing when off.
 */
public final class Tracer {
    private TraceSink sink = TraceSink.NONE;
    private boolean on;

    /** A tracer that is never switched on, for components built outside a simulation (tests). */
    public static Tracer off() {
        return new Tracer();
    }

    public boolean on() {
        return on;
    }

    public TraceSink sink() {
        return sink;
    }

    /** Sends trace records to {@code sink}; {@code null} or {@link TraceSink#NONE} switches tracing off. */
    public void use(TraceSink sink) {
        this.sink = sink == null ? TraceSink.NONE : sink;
        this.on = this.sink != TraceSink.NONE;
    }
}
