package org.hcasim.dist.bench;

import java.util.Map;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;
import org.hcasim.host.Priority;

/**
 * A whole run of the engine's host model without a protocol: on every core, {@code queueDepth} I/Os
 * cycle through a submit task (thread priority), a doorbell and a DMA on a shared PCIe timeline, a
 * device latency, and a completion task (hard IRQ). It exercises what every protocol run spends its
 * time in (event loop, core scheduling, timelines) and so tracks the simulator's speed until fio runs
 * over real protocols join the fixed set. Costs are round numbers: this measures the simulator, not a machine.
 */
public record HostPipelineRun(int cores, int queueDepth, long simulatedNs) implements BenchRun {
    static final long SUBMIT_NS = 1_500;
    static final long COMPLETE_NS = 800;
    static final long DMA_NS = 330;
    static final long DEVICE_NS = 10_000;

    @Override
    public String payload() {
        return "none"; // the host model alone moves no bytes
    }

    @Override
    public String name() {
        return "host-pipeline cores=" + cores + " qd=" + queueDepth;
    }

    @Override
    public Work execute() {
        Simulation sim = new Simulation(42);
        SimHost host = new SimHost(sim, "host", cores, new CostTable(Map.of(), Map.of()),
                new SparseHostMemory("host", PayloadMode.ELIDED));
        Timeline pcie = sim.timeline("host/pcie", ResourceKind.PCIE, 1);
        long[] completed = {0};
        for (int core = 0; core < cores; core++) {
            for (int i = 0; i < queueDepth; i++) {
                submit(sim, host, pcie, core, completed);
            }
        }
        sim.loop().runUntil(simulatedNs);
        return new Work(completed[0], simulatedNs, sim.loop().executed());
    }

    private void submit(Simulation sim, SimHost host, Timeline pcie, int core, long[] completed) {
        host.run(core, Priority.THREAD, "submit", () -> {
            host.charge(SUBMIT_NS);
            long dmaDone = pcie.acquire(host.now(), DMA_NS);
            sim.loop().at(dmaDone + DEVICE_NS, () -> host.run(core, Priority.HARD_IRQ, "complete", () -> {
                host.charge(COMPLETE_NS);
                completed[0]++;
                submit(sim, host, pcie, core, completed);
            }));
        });
    }
}
