package org.hcasim.core.host;

import org.hcasim.host.CpuCosts;
import org.hcasim.host.WorkQueue;

/** A bound kernel work queue: work runs at thread priority on the given core after a dispatch cost. */
final class SimWorkQueue implements WorkQueue {
    private final SimHost host;
    private final String name;

    SimWorkQueue(SimHost host, String name) {
        this.host = host;
        this.name = name;
    }

    @Override
    public void queue(int core, String label, Runnable work) {
        host.runWork(core, name, label, host.cpuCosts().ns(CpuCosts.WORKQUEUE_DISPATCH), work);
    }
}
