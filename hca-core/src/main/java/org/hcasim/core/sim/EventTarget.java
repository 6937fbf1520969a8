package org.hcasim.core.sim;

/**
 * A component the event loop calls back: the component and one of its own operations (a small int it
 * defines), plus an optional argument, are stored in the loop's slot arrays, so that scheduling a stage of a
 * pipeline allocates nothing (a lambda capturing its state would be one object per event).
 *
 * <pre>{@code
 * final class Engine implements EventTarget {
 *     static final int FINISHED = 1;
 *     void start(Work w) { loop.at(finishTime, this, FINISHED, w); }
 *     public void onEvent(int op, Object arg) {
 *         switch (op) { case FINISHED -> finished((Work) arg); default -> throw EventTarget.unknown(this, op); }
 *     }
 * }
 * }</pre>
 */
@FunctionalInterface
public interface EventTarget {
    /** Runs operation {@code op} at its scheduled time; {@code arg} is what it was scheduled with (may be null). */
    void onEvent(int op, Object arg);

    /** The exception for an operation number a target does not define (a bug in its scheduling). */
    static IllegalStateException unknown(EventTarget target, int op) {
        return new IllegalStateException(target.getClass().getSimpleName() + " has no event operation " + op);
    }
}
