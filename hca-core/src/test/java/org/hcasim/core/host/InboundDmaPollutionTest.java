package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/**
 * Inbound DMA pollutes the last-level cache: while devices write r bytes/ns into host memory, CPU work takes
 * (1 + llc-pollution x r) times its nominal cost; without the profile key, or without DMA, nominal.
 */
class InboundDmaPollutionTest {
    private final Simulation sim = new Simulation(1);

    private SimHost host(double pollutionNsPerByte) {
        Map<String, Double> perByte = new java.util.HashMap<>(TestCosts.costs().perByte());
        perByte.put(CpuCosts.LLC_POLLUTION, pollutionNsPerByte);
        CostTable costs = new CostTable(TestCosts.costs().perOperation(), perByte);
        return new SimHost(sim, "h", 2, costs, new SparseHostMemory("h", PayloadMode.ELIDED));
    }

    /** Keeps 10 bytes/ns (10 GB/s) flowing in for {@code ns}, 1000 bytes every 100 ns, starting at 0. */
    private static void steadyInbound(SimHost h, long ns) {
        for (long t = 0; t < ns; t += 100) {
            h.inboundDma(t, 1000);
        }
    }

    private long chargeAt(SimHost h, long at, long ns) {
        long[] used = new long[1];
        sim.loop().at(at, () -> h.run(0, Priority.THREAD, "work", () -> used[0] = h.charge(ns)));
        sim.loop().run();
        return used[0];
    }

    @Test
    void workDuringSteadyInboundDmaTakesLongerInProportionToTheRate() {
        SimHost h = host(0.03);
        steadyInbound(h, 1_000_000);

        long used = chargeAt(h, 1_000_000, 10_000);

        // 10 GB/s x 0.03 ns/B = +30 %
        assertThat((double) used).isCloseTo(13_000, within(200.0));
        assertThat(h.core(0).busyNs()).isEqualTo(used);
    }

    @Test
    void withoutInboundDmaWorkTakesItsNominalCost() {
        SimHost h = host(0.03);
        assertThat(chargeAt(h, 1_000, 10_000)).isEqualTo(10_000);
    }

    @Test
    void theSlowdownFadesOnceTheDmaStops() {
        SimHost h = host(0.03);
        steadyInbound(h, 1_000_000);
        assertThat(chargeAt(h, 3_000_000, 10_000)).isEqualTo(10_000); // 20 windows later
    }

    @Test
    void aProfileWithoutTheKeyIsNeverSlowedDown() {
        SimHost h = new SimHost(sim, "h", 1, TestCosts.costs(), new SparseHostMemory("h", PayloadMode.ELIDED));
        steadyInbound(h, 1_000_000);
        assertThat(chargeAt(h, 1_000_000, 10_000)).isEqualTo(10_000);
    }

    @Test
    void waitingOnASpinLockIsNotStretched() {
        SimHost h = host(0.03);
        steadyInbound(h, 1_000_000);
        var lock = h.spinLock("l");
        long[] acquiredAt = new long[2];
        sim.loop().at(1_000_000, () -> h.run(0, Priority.THREAD, "holder", () -> {
            lock.lock();
            h.charge(1_000); // stretched to ~1300 by the pollution
            lock.unlock();
            acquiredAt[0] = h.now();
        }));
        sim.loop().at(1_000_000, () -> h.run(1, Priority.THREAD, "waiter", () -> {
            lock.lock();
            acquiredAt[1] = h.now();
            lock.unlock();
        }));
        sim.loop().run();

        assertThat(acquiredAt[1]).as("the waiter gets the lock when it is released, not later")
                .isBetween(acquiredAt[0], acquiredAt[0] + 20);
    }
}
