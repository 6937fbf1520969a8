package org.hcasim.core.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * {@link KeyedSumLists} answers prefix queries (count, sum, last entry at or below a key) as a scan of a plain list
 * of each set's entries does, over several sets sharing one range of ids, at chunk sizes small enough that the
 * lists split, merge and drop chunks often.
 */
class KeyedSumListsProperties {

    /** kind 0-1 insert, 2 remove one at random, 3 remove the oldest; then a query. */
    record Op(int kind, int set, long key, long value) {
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        return Combinators.combine(Arbitraries.integers().between(0, 3), Arbitraries.integers().between(0, 2), Arbitraries.longs().between(-40, 40),
                        Arbitraries.longs().between(0, 1L << 40))
                .as(Op::new).list().ofMaxSize(1500);
    }

    @Property(tries = 200)
    void prefix_queries_match_a_scan(@ForAll("operations") List<Op> ops, @ForAll @IntRange(min = 4, max = 40) int chunk,
            @ForAll boolean increasingKeys) {
        KeyedSumLists lists = new KeyedSumLists(3, chunk);
        List<List<long[]>> members = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>()); // {id, key, value}
        List<Integer> freeIds = new ArrayList<>();
        int nextId = 0;
        long clock = 0;
        for (Op op : ops) {
            List<long[]> set = members.get(op.set());
            // keys near a growing present, as issue times are, or anywhere in a small range with many ties
            long key = increasingKeys ? clock + op.key() / 8 : op.key();
            clock += 3;
            if (op.kind() <= 1 || set.isEmpty()) {
                int id = freeIds.isEmpty() ? nextId++ : freeIds.removeLast();
                lists.ensureCapacity(id + 1);
                lists.insert(op.set(), id, key, op.value());
                set.add(new long[] {id, key, op.value()});
            } else if (op.kind() == 2 || op.kind() == 3) {
                int at = op.kind() == 2 ? (int) Math.floorMod(op.value(), set.size()) : oldest(set);
                long[] gone = set.remove(at);
                lists.remove(op.set(), (int) gone[0]);
                freeIds.add((int) gone[0]);
            }
            if (op.value() % 97 == 0) { // now and then a set is emptied at once, as a dropped index's groups are
                lists.clear(op.set());
                for (long[] m : set) {
                    freeIds.add((int) m[0]);
                }
                set.clear();
            }
            // at, just before or just after a member's key (where the chunk boundaries are), or anywhere
            long t = increasingKeys ? clock + op.value() % 64 - 48 : op.value() % 50;
            if (!set.isEmpty() && op.value() % 4 != 0) {
                t = set.get((int) (op.value() % set.size()))[1] + (op.value() / 7) % 3 - 1;
            }
            lists.prefix(op.set(), t);
            int count = 0;
            long sum = 0;
            long[] last = null;
            for (long[] m : set) {
                if (m[1] <= t) {
                    count++;
                    sum += m[2];
                    if (last == null || m[1] > last[1] || (m[1] == last[1] && m[0] > last[0])) {
                        last = m;
                    }
                }
            }
            assertThat(lists.prefixCount()).isEqualTo(count);
            assertThat(lists.prefixSum()).isEqualTo(sum);
            assertThat(lists.prefixLast()).isEqualTo(last == null ? KeyedSumLists.EMPTY : (int) last[0]);
            assertThat(lists.size(op.set())).isEqualTo(set.size());
            // neighbours never both stay small: about 4 entries per chunk's worth of entries at most
            assertThat(lists.chunkCount(op.set())).isLessThanOrEqualTo(1 + 4 * set.size() / chunk);
        }
    }

    private static int oldest(List<long[]> set) {
        long[] min = set.stream().min(Comparator.<long[]>comparingLong(m -> m[1]).thenComparingLong(m -> m[0])).orElseThrow();
        return set.indexOf(min);
    }

    @Example
    void removing_an_id_not_in_the_set_names_it() {
        KeyedSumLists lists = new KeyedSumLists(2, 4);
        lists.ensureCapacity(2);
        lists.insert(0, 0, 10, 1);
        lists.insert(1, 1, 10, 1);
        assertThatThrownBy(() -> lists.remove(0, 1)).hasMessage("id 1 is not in set 0");
    }

    @Example
    void an_id_of_a_cleared_set_is_in_no_set() {
        KeyedSumLists lists = new KeyedSumLists(2, 4);
        lists.ensureCapacity(1);
        lists.insert(0, 0, 10, 1);
        lists.clear(0);
        assertThatThrownBy(() -> lists.remove(0, 0)).hasMessage("id 0 is not in set 0");
        lists.insert(1, 0, 10, 1);
        lists.remove(1, 0);
        assertThat(lists.size(1)).isZero();
    }

    @Example
    void oldest_first_removal_moves_no_entries_while_appends_keep_coming() {
        KeyedSumLists lists = new KeyedSumLists(1, 8);
        lists.ensureCapacity(200);
        for (int id = 0; id < 20; id++) {
            lists.insert(0, id, 10L * id, id);
        }
        for (int id = 20; id < 200; id++) { // a window of 20 in flight: one leaves, one arrives, as PCIe transfers do
            lists.remove(0, id - 20);
            lists.insert(0, id, 10L * id, id);
        }
        assertThat(lists.removalMoves()).isZero();
        lists.prefix(0, 10L * 189);
        assertThat(lists.prefixCount()).isEqualTo(10);
        assertThat(lists.prefixSum()).isEqualTo(180 + 181 + 182 + 183 + 184 + 185 + 186 + 187 + 188 + 189);
        assertThat(lists.prefixLast()).isEqualTo(189);
    }

    @Example
    void a_removal_moves_the_shorter_side_of_its_chunk() {
        KeyedSumLists lists = new KeyedSumLists(1, 8);
        lists.ensureCapacity(8);
        for (int id = 0; id < 8; id++) {
            lists.insert(0, id, id, 1);
        }
        lists.remove(0, 1); // one before it, six after
        assertThat(lists.removalMoves()).isEqualTo(1);
        lists.remove(0, 6); // five before it, one after
        assertThat(lists.removalMoves()).isEqualTo(2);
        lists.prefix(0, 5);
        assertThat(lists.prefixCount()).isEqualTo(5);
        assertThat(lists.prefixLast()).isEqualTo(5);
    }
}
