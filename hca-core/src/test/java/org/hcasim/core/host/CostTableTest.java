package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A host's CPU costs by name: the profile's values as given, unknown names an error listing the known ones. */
class CostTableTest {
    private final CostTable costs = new CostTable(Map.of("lock-acquire", 20L, "odd", Long.MIN_VALUE),
            Map.of("memcpy", 0.125, "nothing", -0.0));

    @Test
    void every_cost_reads_back_as_the_profile_gave_it() {
        assertThat(costs.ns("lock-acquire")).isEqualTo(20);
        assertThat(costs.ns(new String("lock-acquire".toCharArray()))).isEqualTo(20);
        assertThat(costs.ns("odd")).isEqualTo(Long.MIN_VALUE);
        assertThat(costs.nsPerByte("memcpy")).isEqualTo(0.125);
        assertThat(Double.doubleToRawLongBits(costs.nsPerByte("nothing"))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(costs.ns("memcpy", 1000)).isEqualTo(125);
    }

    @Test
    void an_unknown_name_is_an_error_that_lists_the_known_ones() {
        assertThatThrownBy(() -> costs.ns("lock-acquir")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no CPU cost 'lock-acquir' in the host profile; known: [lock-acquire, odd]");
        assertThatThrownBy(() -> costs.nsPerByte("lock-acquire")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no per-byte CPU cost 'lock-acquire' in the host profile; known: [memcpy, nothing]");
        assertThatThrownBy(() -> costs.ns(null)).isInstanceOf(IllegalArgumentException.class);
    }
}
