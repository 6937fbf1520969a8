package org.hcasim.core.verbs;

import java.util.IdentityHashMap;
import java.util.Map;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.sim.Simulation;

/**
 * ib_cq_pool_get's round-robin vector for the hint -1 ({@code static unsigned int default_comp_vector}): one counter
 * per kernel, so per host, over all its devices and poll contexts; each such get takes (counter + 1) % vectors and
 * stores it, so the first one gets vector 1.
 */
final class PoolVectorCounters {
    private final Map<SimHost, int[]> counters = new IdentityHashMap<>();

    static PoolVectorCounters of(Simulation sim) {
        return sim.componentOrAttach(PoolVectorCounters.class, PoolVectorCounters::new);
    }

    int next(SimHost host, int vectors) {
        int[] c = counters.computeIfAbsent(host, h -> new int[1]);
        c[0] = (c[0] + 1) % vectors;
        return c[0];
    }
}
