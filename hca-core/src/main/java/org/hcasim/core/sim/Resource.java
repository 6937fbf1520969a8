package org.hcasim.core.sim;

/**
 * A named resource whose busy time is accounted, so that a run report can give its utilisation.
 * Statistics count from the last {@link #resetStats()} (e.g. after a warm-up).
 */
public interface Resource {
    String name();

    ResourceKind kind();

    /** Number of units that can serve in parallel (cores: 1, a k-unit engine: k). */
    int units();

    /** Total busy time of all units since the last reset, in ns. */
    long busyNs();

    /** Number of services (acquisitions, tasks, transfers) since the last reset. */
    long uses();

    /** Total time spent waiting for the resource since the last reset, in ns (0 if not tracked). */
    default long waitNs() {
        return 0;
    }

    /** Starts counting busy time, uses and waits afresh. */
    void resetStats();
}
