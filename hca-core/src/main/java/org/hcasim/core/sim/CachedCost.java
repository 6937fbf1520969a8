package org.hcasim.core.sim;

import org.hcasim.host.CpuCosts;

/**
 * One CPU cost of a host, looked up the first time it is asked for and then kept: a host's costs do not change
 * during a run, and the engine charges some of them several times per simulated I/O. Looking up on first use
 * keeps the moment a missing cost is reported where it was.
 */
public final class CachedCost {
    private final CpuCosts costs;
    private final String operation;
    private long ns;
    private boolean known;

    public CachedCost(CpuCosts costs, String operation) {
        this.costs = costs;
        this.operation = operation;
    }

    /** {@code costs.ns(operation)}. */
    public long ns() {
        if (!known) {
            ns = costs.ns(operation);
            known = true;
        }
        return ns;
    }
}
