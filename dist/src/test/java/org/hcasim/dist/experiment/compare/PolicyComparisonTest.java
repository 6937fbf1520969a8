package org.hcasim.dist.experiment.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.hcasim.dist.experiment.compare.PolicyComparison.Direction;
import org.hcasim.spi.Point;
import org.junit.jupiter.api.Test;

class PolicyComparisonTest {

    static PolicyComparison change(Double ref, Double sim, double band) {
        return new PolicyComparison(new Point(Map.of("bs", "512")), "kiops", "sg", "inline",
                Optional.ofNullable(ref), Optional.ofNullable(sim), band);
    }

    @Test
    void changesInsideTheNoiseBandCountAsNoChange() {
        assertThat(change(0.02, -0.9, 1.0).signAgrees()).isTrue();
        assertThat(change(0.02, -1.0, 1.0).simulatedDirection()).contains(Direction.DOWN);
        assertThat(change(-4.9, -3.5, 3.0).signAgrees()).isTrue();
        // the reference moved, the simulation did not: the effect is missed
        assertThat(change(-4.9, 2.0, 3.0).signAgrees()).isFalse();
        assertThat(change(-4.9, 3.5, 3.0).signAgrees()).isFalse();
    }

    @Test
    void withoutAReferenceChangeNothingIsJudged() {
        PolicyComparison c = change(null, 10.0, 1.0);
        assertThat(c.comparable()).isFalse();
        assertThat(c.signAgrees()).isFalse();
    }

    @Test
    void changeIsRelativeToTheBaseline() {
        assertThat(PolicyComparison.changePct(Optional.of(1302.8), Optional.of(4951.9))).hasValueSatisfying(v ->
                assertThat(v).isCloseTo(280.1, org.assertj.core.data.Offset.offset(0.1)));
        assertThat(PolicyComparison.changePct(Optional.of(0.0), Optional.of(1.0))).isEmpty();
    }
}
