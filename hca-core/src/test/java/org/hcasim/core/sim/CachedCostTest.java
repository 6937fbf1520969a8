package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.hcasim.core.host.CostTable;
import org.hcasim.host.CpuCosts;
import org.junit.jupiter.api.Test;

/** A cached cost is the host's cost, looked up once, on first use: a missing cost is reported then, not before. */
class CachedCostTest {

    @Test
    void the_cost_is_looked_up_once_on_first_use() {
        AtomicInteger lookups = new AtomicInteger();
        CostTable table = new CostTable(Map.of("wqe-build", 40L), Map.of());
        CpuCosts counting = new CpuCosts() {
            @Override
            public long ns(String operation) {
                lookups.incrementAndGet();
                return table.ns(operation);
            }

            @Override
            public double nsPerByte(String operation) {
                return table.nsPerByte(operation);
            }
        };
        CachedCost cost = new CachedCost(counting, "wqe-build");
        assertThat(lookups).hasValue(0);

        assertThat(cost.ns()).isEqualTo(40);
        assertThat(cost.ns()).isEqualTo(40);
        assertThat(lookups).hasValue(1);
    }

    @Test
    void a_cost_the_host_does_not_have_fails_when_it_is_first_charged() {
        CachedCost cost = new CachedCost(new CostTable(Map.of(), Map.of()), "doorbell-mmio");

        assertThatThrownBy(cost::ns).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("doorbell-mmio");
    }
}
