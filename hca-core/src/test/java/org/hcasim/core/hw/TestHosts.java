package org.hcasim.core.hw;

import java.util.Map;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.CpuCosts;

final class TestHosts {
    static final long IRQ_ENTRY = 500;
    static final long IRQ_EXIT = 300;
    static final long PER_EQE = 100;
    static final long DOORBELL = 100;

    static SimHost host(Simulation sim, int cores) {
        CostTable costs = new CostTable(Map.of(
                CpuCosts.IRQ_ENTRY, IRQ_ENTRY, CpuCosts.IRQ_EXIT, IRQ_EXIT, CpuCosts.CQ_POLL_PER_CQE, PER_EQE,
                CpuCosts.DOORBELL_MMIO, DOORBELL, CpuCosts.LOCK_ACQUIRE, 20L), Map.of());
        return new SimHost(sim, "h", cores, costs, new SparseHostMemory("h", PayloadMode.ELIDED));
    }

    private TestHosts() {
    }
}
