package org.hcasim.core.host;

import java.util.Arrays;
import org.hcasim.core.sim.CachedCost;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.WorkQueue;

/**
 * A bound kernel work queue: work runs at thread priority on the given core after a dispatch cost, which depends on
 * whether the queue's worker on that core is still running. Linux's insert_work wakes a worker only when none of
 * the pool's workers runs (__need_more_worker); a running worker takes the next item from the pool's list in
 * worker_thread's loop. So an item queued while the core kept running since the queue's last item ended (the hard
 * IRQ that queued it preempted that item, or followed it back to back) pays only the pick-up
 * ({@code host.cost.workqueue-pickup-ns}); one queued after the core went idle pays the worker's wake-up
 * ({@code host.cost.workqueue-dispatch-ns}). A profile without the pick-up cost charges the dispatch for both.
 */
final class SimWorkQueue implements WorkQueue {
    private final SimHost host;
    private final String name;
    private final CachedCost dispatch;
    private final long pickupNs;
    /** Per core: when the queue's last item there ended (the worker went to sleep then, unless the core stayed busy). */
    private final long[] lastEnd;

    SimWorkQueue(SimHost host, String name) {
        this.host = host;
        this.name = name;
        this.dispatch = new CachedCost(host.cpuCosts(), CpuCosts.WORKQUEUE_DISPATCH);
        this.pickupNs = SimHost.optionalNs(host.cpuCosts(), CpuCosts.WORKQUEUE_PICKUP, -1);
        this.lastEnd = new long[host.coreCount()];
        Arrays.fill(lastEnd, Long.MIN_VALUE);
    }

    String name() {
        return name;
    }

    @Override
    public void queue(int core, String label, Runnable work) {
        host.runWork(core, this, label, work);
    }

    /** The lead-in of an item starting on {@code core}, which has run tasks back to back since {@code busySince}. */
    long dispatchNs(int core, long busySince) {
        boolean workerRunning = lastEnd[core] >= busySince;
        return workerRunning && pickupNs >= 0 ? pickupNs : dispatch.ns();
    }

    /** An item of this queue ended on {@code core} at {@code t}. */
    void workEnded(int core, long t) {
        lastEnd[core] = t;
    }
}
