package org.hcasim.core.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link KeyedSumTree} answers prefix queries (count, sum, last node at or below a key) as a scan of a plain list
 * of its nodes does, over several sets sharing one pool of nodes.
 */
class KeyedSumTreeProperties {

    record Op(int kind, int set, long key, long value) {
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        return Combinators.combine(Arbitraries.integers().between(0, 2), Arbitraries.integers().between(0, 2),
                Arbitraries.longs().between(-50, 50), Arbitraries.longs().between(0, 1L << 40)).as(Op::new)
                .list().ofMaxSize(1500);
    }

    @Property(tries = 200)
    void prefix_queries_match_a_scan(@ForAll("operations") List<Op> ops) {
        KeyedSumTree tree = new KeyedSumTree();
        int[] roots = {KeyedSumTree.EMPTY, KeyedSumTree.EMPTY, KeyedSumTree.EMPTY};
        List<List<long[]>> members = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>()); // {id, key, value}
        List<Integer> freeIds = new ArrayList<>();
        int nextId = 0;
        for (Op op : ops) {
            List<long[]> set = members.get(op.set());
            if (op.kind() == 0 || set.isEmpty()) {
                int id = freeIds.isEmpty() ? nextId++ : freeIds.removeLast();
                tree.ensureCapacity(id + 1);
                roots[op.set()] = tree.insert(roots[op.set()], id, op.key(), op.value());
                set.add(new long[] {id, op.key(), op.value()});
            } else if (op.kind() == 1) {
                long[] gone = set.remove((int) Math.floorMod(op.value(), set.size()));
                roots[op.set()] = tree.remove(roots[op.set()], (int) gone[0]);
                freeIds.add((int) gone[0]);
            }
            tree.prefix(roots[op.set()], op.key());
            int count = 0;
            long sum = 0;
            long[] last = null;
            for (long[] m : set) {
                if (m[1] <= op.key()) {
                    count++;
                    sum += m[2];
                    if (last == null || m[1] > last[1] || (m[1] == last[1] && m[0] > last[0])) {
                        last = m;
                    }
                }
            }
            assertThat(tree.prefixCount()).isEqualTo(count);
            assertThat(tree.prefixSum()).isEqualTo(sum);
            assertThat(tree.prefixLast()).isEqualTo(last == null ? KeyedSumTree.EMPTY : (int) last[0]);
            assertThat(tree.size(roots[op.set()])).isEqualTo(set.size());
        }
    }
}
