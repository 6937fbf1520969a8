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

    /**
     * The busy time since the last reset split by what the resource was busy with (e.g. an engine held
     * through a DMA read: {@code list-fetch} vs {@code processing}), in ns, in first-accounted order; the parts
     * add up to {@link #busyNs()}. Empty when the resource does not split its time.
     */
    default java.util.Map<String, Long> busyByCause() {
        return java.util.Map.of();
    }

    /** Starts counting busy time, uses and waits afresh. */
    void resetStats();
}
