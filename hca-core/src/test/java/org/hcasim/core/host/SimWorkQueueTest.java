package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Priority;
import org.hcasim.host.WorkQueue;
import org.junit.jupiter.api.Test;

/** A work queue's dispatch: a worker that still runs picks the next item up cheaply, a sleeping one is woken. */
class SimWorkQueueTest {
    private static final long PICKUP = 100;
    private static final long ITEM = 1000;
    private final Simulation sim = new Simulation(1);
    private final SimHost host = new SimHost(sim, "h", 1, costs(PICKUP), new SparseHostMemory("h", PayloadMode.REAL));
    private final WorkQueue wq = host.workQueue("ib-comp-wq");
    private final List<Long> bodyStarts = new ArrayList<>();

    private static CostTable costs(long pickup) {
        CostTable base = TestCosts.costs();
        Map<String, Long> ns = new HashMap<>();
        for (String op : List.of(CpuCosts.LOCK_ACQUIRE, CpuCosts.CONTEXT_SWITCH, CpuCosts.WAKEUP_LATENCY,
                CpuCosts.WORKQUEUE_DISPATCH, CpuCosts.IRQ_ENTRY, CpuCosts.IRQ_EXIT)) {
            ns.put(op, base.ns(op));
        }
        if (pickup >= 0) {
            ns.put(CpuCosts.WORKQUEUE_PICKUP, pickup);
        }
        return new CostTable(ns, Map.of(CpuCosts.MEMCPY, 0.1));
    }

    /** An interrupt at {@code at} that queues an item of {@link #ITEM} ns. */
    private void interruptQueuesWork(SimHost h, WorkQueue q, long at) {
        sim.loop().at(at, () -> h.run(0, Priority.HARD_IRQ, "irq", () -> {
            h.charge(200);
            q.queue(0, "poll", () -> {
                bodyStarts.add(h.now());
                h.charge(ITEM);
            });
        }));
    }

    @Test
    void an_item_queued_while_the_worker_still_runs_pays_the_pickup_one_queued_after_idle_the_wakeup() {
        interruptQueuesWork(host, wq, 0); // idle core: irq 0-200, wake-up 200-700, item 700-1700
        interruptQueuesWork(host, wq, 1000); // arrives during the item: irq 1700-1900, pick-up, item 2000-3000
        interruptQueuesWork(host, wq, 10_000); // the core went idle at 3000: irq 10000-10200, wake-up, item at 10700
        sim.loop().run();

        assertThat(bodyStarts).containsExactly(200 + TestCosts.WQ_DISPATCH, 1900 + PICKUP,
                10_200 + TestCosts.WQ_DISPATCH);
    }

    @Test
    void a_profile_without_the_pickup_cost_pays_the_dispatch_for_every_item() {
        SimHost h = new SimHost(sim, "h2", 1, costs(-1), new SparseHostMemory("h2", PayloadMode.REAL));
        WorkQueue q = h.workQueue("ib-comp-wq");
        interruptQueuesWork(h, q, 0);
        interruptQueuesWork(h, q, 1000);
        sim.loop().run();

        assertThat(bodyStarts).containsExactly(200 + TestCosts.WQ_DISPATCH, 1900 + TestCosts.WQ_DISPATCH);
    }
}
