package org.hcasim.core.host;

import java.util.Map;
import org.hcasim.host.CpuCosts;

/** Round CPU costs for tests, so expected times are easy to read. */
final class TestCosts {
    static final long LOCK = 10;
    static final long CONTEXT_SWITCH = 1000;
    static final long WAKEUP = 3000;
    static final long WQ_DISPATCH = 500;

    static CostTable costs() {
        return new CostTable(Map.of(
                CpuCosts.LOCK_ACQUIRE, LOCK,
                CpuCosts.CONTEXT_SWITCH, CONTEXT_SWITCH,
                CpuCosts.WAKEUP_LATENCY, WAKEUP,
                CpuCosts.WORKQUEUE_DISPATCH, WQ_DISPATCH,
                CpuCosts.IRQ_ENTRY, 300L,
                CpuCosts.IRQ_EXIT, 200L),
                Map.of(CpuCosts.MEMCPY, 0.1));
    }

    private TestCosts() {
    }
}
