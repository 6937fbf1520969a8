package org.hcasim.core.host;

import org.hcasim.core.sim.CachedCost;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.WorkQueue;

/** A bound kernel work queue: work runs at thread priority on the given core after a dispatch cost. */
final class SimWorkQueue implements WorkQueue {
    private final SimHost host;
    private final String name;
    private final CachedCost dispatch;

    SimWorkQueue(SimHost host, String name) {
        this.host = host;
        this.name = name;
        this.dispatch = new CachedCost(host.cpuCosts(), CpuCosts.WORKQUEUE_DISPATCH);
    }

    @Override
    public void queue(int core, String label, Runnable work) {
        host.runWork(core, name, label, dispatch.ns(), work);
    }
}
