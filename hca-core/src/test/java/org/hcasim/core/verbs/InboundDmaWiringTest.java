package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;

import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/** An HCA's DMA writes into host memory reach its host, whose CPU work slows down if its profile models LLC pollution. */
class InboundDmaWiringTest {
    @Test
    void dmaWritesIntoAHostSlowItsCpuWhenItsProfileSaysSo() {
        CostTable base = (CostTable) VerbsTestbed.defaultCosts();
        java.util.Map<String, Double> perByte = new java.util.HashMap<>(base.perByte());
        perByte.put(CpuCosts.LLC_POLLUTION, 0.03);
        VerbsTestbed tb = VerbsTestbed.builder().hosts("a", "b").costs(new CostTable(base.perOperation(), perByte))
                .build();
        SimHost b = tb.host("b");
        long quiet = chargeOn(tb, b, 0);

        SimRdmaDevice devB = tb.device("b");
        for (long t = 0; t < 1_000_000; t += 100) {
            devB.hardware().pcie().dmaWrite(t, 1000); // 10 GB/s into b's memory
        }
        long polluted = chargeOn(tb, b, 1_000_000);

        assertThat(quiet).isEqualTo(10_000);
        assertThat(polluted).isBetween(12_500L, 13_100L); // about +30 % at 10 GB/s
    }

    private static long chargeOn(VerbsTestbed tb, SimHost h, long at) {
        long[] used = new long[1];
        h.simulation().loop().at(at, () -> h.run(0, Priority.THREAD, "work", () -> used[0] = h.charge(10_000)));
        tb.run();
        return used[0];
    }
}
