package org.hcasim.core.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.PriorityQueue;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@link LongIntMinHeap} gives out keys in the order of a {@code PriorityQueue<Long>}, each with its value. */
class LongIntMinHeapProperties {

    @Provide
    Arbitrary<List<Long>> operations() { // negative: pop; otherwise push that key
        return Arbitraries.longs().between(-100, 1000).list().ofMaxSize(2000);
    }

    @Property(tries = 200)
    void pops_the_smallest_key_with_its_value(@ForAll("operations") List<Long> ops) {
        LongIntMinHeap heap = new LongIntMinHeap();
        PriorityQueue<Long> reference = new PriorityQueue<>();
        for (long op : ops) {
            if (op < 0 && !reference.isEmpty()) {
                long key = heap.minKey();
                assertThat(key).isEqualTo(reference.poll());
                assertThat(heap.popValue()).isEqualTo((int) (key * 7 + 3)); // every key pushed with this value
            } else if (op >= 0) {
                heap.push(op, (int) (op * 7 + 3));
                reference.add(op);
            }
            assertThat(heap.size()).isEqualTo(reference.size());
        }
    }
}
