package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HoldModelTest {
    @Test
    void the_number_of_pending_events_stays_constant_and_time_advances() {
        HoldModel m = new HoldModel(1000, 1);
        m.run(50_000);

        assertThat(m.loop().pending()).isEqualTo(1000);
        assertThat(m.loop().executed()).isEqualTo(50_000);
        assertThat(m.loop().now()).isPositive();
    }

    @Test
    void the_same_seed_gives_the_same_simulated_time() {
        HoldModel a = new HoldModel(100, 9);
        HoldModel b = new HoldModel(100, 9);
        a.run(10_000);
        b.run(10_000);

        assertThat(a.loop().now()).isEqualTo(b.loop().now());
    }
}
