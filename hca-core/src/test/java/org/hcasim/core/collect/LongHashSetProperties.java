package org.hcasim.core.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@link LongHashSet} answers like a {@code HashSet<Long>} under any sequence of adds, removes and lookups. */
class LongHashSetProperties {

    record Op(int kind, long value) {
    }

    /** Values from a small range (so that removes and repeats hit members) spread like aligned addresses. */
    @Provide
    Arbitrary<List<Op>> operations() {
        Arbitrary<Long> value = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.longs().between(0, 300).map(v -> 0x1_0000_0000L + v * 4096)),
                net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(Long.MIN_VALUE + 1, Long.MAX_VALUE)));
        return Combinators.combine(Arbitraries.integers().between(0, 2), value).as(Op::new).list().ofMaxSize(2000);
    }

    @Property(tries = 200)
    void behaves_like_a_hash_set(@ForAll("operations") List<Op> ops) {
        LongHashSet set = new LongHashSet();
        Set<Long> reference = new HashSet<>();
        for (Op op : ops) {
            switch (op.kind()) {
                case 0 -> assertThat(set.add(op.value())).isEqualTo(reference.add(op.value()));
                case 1 -> assertThat(set.remove(op.value())).isEqualTo(reference.remove(op.value()));
                default -> assertThat(set.contains(op.value())).isEqualTo(reference.contains(op.value()));
            }
            assertThat(set.size()).isEqualTo(reference.size());
        }
        for (long v : reference) {
            assertThat(set.contains(v)).isTrue();
        }
    }

    @Test
    void the_free_marker_cannot_be_added() {
        assertThatThrownBy(() -> new LongHashSet().add(Long.MIN_VALUE)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new LongHashSet().contains(Long.MIN_VALUE)).isFalse();
    }
}
