package org.hcasim.core.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class SortedLongMapTest {

    @Test
    void answersLikeATreeMapUnderRandomPutsRemovalsAndLookups() {
        SplittableRandom random = new SplittableRandom(42);
        SortedLongMap map = new SortedLongMap();
        TreeMap<Long, Long> reference = new TreeMap<>();
        for (int step = 0; step < 20_000; step++) {
            long key = random.nextLong(step, step + 200); // keys drift upwards, like booking times
            switch (random.nextInt(6)) {
                case 0, 1 -> {
                    long value = random.nextLong();
                    map.put(key, value);
                    reference.put(key, value);
                }
                case 5 -> { // by position, as Timeline does once it knows where a key goes
                    long value = random.nextLong();
                    int floor = map.floorIndex(key);
                    if (floor >= 0 && map.keyAt(floor) == key) {
                        map.setValueAt(floor, value);
                    } else {
                        map.insertAt(floor + 1, key, value);
                    }
                    reference.put(key, value);
                }
                case 2 -> {
                    int i = map.indexOf(key);
                    assertThat(i >= 0).isEqualTo(reference.containsKey(key));
                    if (i >= 0) {
                        map.removeAt(i);
                        reference.remove(key);
                    }
                }
                case 3 -> {
                    if (!reference.isEmpty() && random.nextBoolean()) {
                        map.removeAt(0);
                        reference.pollFirstEntry();
                    }
                }
                default -> { }
            }
            assertThat(map.size()).isEqualTo(reference.size());
            assertSame(map, map.floorIndex(key), reference.floorEntry(key));
            assertSame(map, map.ceilingIndex(key), reference.ceilingEntry(key));
            assertSame(map, map.higherIndex(key), reference.higherEntry(key));
        }
    }

    @Test
    void theOldestEntriesLeaveFromTheFrontByCount() {
        SortedLongMap map = new SortedLongMap();
        for (long k = 1; k <= 40; k++) {
            map.put(k * 10, k * 10 + 5); // values grow with the keys, like the ends of disjoint intervals
        }
        assertThat(map.countLeadingKeysBelow(100)).isEqualTo(9);
        assertThat(map.countLeadingValuesBelow(100)).isEqualTo(9);
        assertThat(map.countLeadingValuesBelow(106)).isEqualTo(10);

        map.removeFirst(9);

        assertThat(map.size()).isEqualTo(31);
        assertThat(map.keyAt(0)).isEqualTo(100);
        assertThat(map.floorIndex(95)).isEqualTo(-1);
        map.removeFirst(31);
        assertThat(map.isEmpty()).isTrue();
        map.put(7, 8);
        assertThat(map.keyAt(0)).isEqualTo(7);
    }

    @Test
    void insertsAndRemovalsDeepInALongListMoveAtMostAChunk() {
        SortedLongMap map = new SortedLongMap();
        TreeMap<Long, Long> reference = new TreeMap<>();
        for (long k = 1; k <= 10_000; k++) {
            map.put(10 * k, 10 * k + 1); // appended: nothing shifted
            reference.put(10 * k, 10 * k + 1);
        }
        map.removeFirst(100); // pruned from the front, as a timeline forgets what ended
        reference.headMap(1010L).clear();
        long before = map.shiftedEntries();
        for (long k = 0; k < 50; k++) { // gaps filled near the present, thousands of entries from either end
            long key = 60_005 + 20 * k;
            map.insertAt(map.floorIndex(key) + 1, key, key + 2);
            reference.put(key, key + 2);
        }
        for (int j = 0; j < 20; j++) {
            int i = 5_000 + 3 * j;
            reference.remove(map.keyAt(i));
            map.removeAt(i);
        }

        // a shift of either side would move ~5 000 entries each time; a chunk holds 64
        assertThat(map.shiftedEntries() - before).isLessThan(70 * SortedLongMap.DEFAULT_CHUNK_ENTRIES);
        assertThat(map.size()).isEqualTo(reference.size());
        assertThat(map.chunkCount()).isLessThan(4 * map.size() / SortedLongMap.DEFAULT_CHUNK_ENTRIES + 2);
        assertEqualContents(map, reference);
    }

    @Test
    void anInsertOrRemovalRightAfterTheSearchForItsPlaceFindsTheChunkWithoutBisecting() {
        SortedLongMap map = new SortedLongMap();
        TreeMap<Long, Long> reference = new TreeMap<>();
        for (long k = 1; k <= 10_000; k++) {
            map.put(10 * k, k);
            reference.put(10 * k, k);
        }
        long before = map.bisections();
        for (long k = 0; k < 200; k++) { // a timeline's staircase: its floor looked up, a step inserted after it
            long key = 10 * ((k * 7_919) % 9_990 + 1) + 5;
            int floor = map.floorIndex(key);
            map.insertAt(floor + 1, key, -k);
            reference.put(key, -k);
            if (k % 2 == 0) {
                map.removeAt(map.floorIndex(key)); // and, half the time, taken out again where it was found
                reference.remove(key);
            }
        }

        assertThat(map.bisections() - before).isZero();
        assertEqualContents(map, reference);
    }

    @Test
    void aSearchNearTheNewestKeysAfterAnInsertNearTheOldestCountsBackFromTheEnd() {
        SortedLongMap map = new SortedLongMap();
        TreeMap<Long, Long> reference = new TreeMap<>();
        for (long k = 1; k <= 10_000; k++) { // about 157 chunks
            map.put(10 * k, k);
            reference.put(10 * k, k);
        }
        long before = map.walkedChunks();
        for (long k = 0; k < 100; k++) { // a timeline: a gap filled near the present, then a search near the end
            long early = 10 * (k % 50 + 2) + 5;
            map.put(early, k);
            reference.put(early, k);
            long late = 10 * (9_900 - 60 * (k % 3)) + 5; // in the second to fourth chunk from the end
            assertThat(map.floorIndex(late)).isEqualTo(reference.headMap(late, true).size() - 1);
        }

        assertThat(map.walkedChunks() - before).isLessThan(100 * 8);
        assertEqualContents(map, reference);
    }

    @Test
    void positionsOutsideTheMapAreRejectedWithTheSize() {
        SortedLongMap map = new SortedLongMap();
        map.put(5, 6);

        assertThatThrownBy(() -> map.keyAt(1)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("position 1 outside a map of 1 entries");
        assertThatThrownBy(() -> map.insertAt(3, 9, 9)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessage("cannot insert at 3 in a map of 1 entries");
    }

    /** One operation on the map, at {@code key} (drifting upwards with the step, like booking times). */
    enum Op { PUT, INSERT_AT_FLOOR, REMOVE_KEY, REMOVE_AT, REMOVE_FIRST, SET_VALUE_AT }

    record Step(Op op, int spread, int pick, long value) {
    }

    @Provide
    Arbitrary<List<Step>> workloads() {
        Arbitrary<Op> op = Arbitraries.frequencyOf(
                Tuple.of(30, Arbitraries.just(Op.PUT)),
                Tuple.of(30, Arbitraries.just(Op.INSERT_AT_FLOOR)),
                Tuple.of(15, Arbitraries.just(Op.REMOVE_KEY)),
                Tuple.of(15, Arbitraries.just(Op.REMOVE_AT)),
                Tuple.of(3, Arbitraries.just(Op.REMOVE_FIRST)),
                Tuple.of(7, Arbitraries.just(Op.SET_VALUE_AT)));
        Arbitrary<Integer> spread = Arbitraries.frequencyOf( // near the newest keys, or deep in the backlog
                Tuple.of(50, Arbitraries.integers().between(0, 40)),
                Tuple.of(50, Arbitraries.integers().between(0, 5_000)));
        return Combinators.combine(op, spread, Arbitraries.integers().between(0, 1 << 20), Arbitraries.longs())
                .as(Step::new).list().ofMinSize(1).ofMaxSize(1_500);
    }

    @Property(tries = 200)
    void answersLikeATreeMap(@ForAll("workloads") List<Step> steps,
            @ForAll @IntRange(min = 4, max = 70) int chunkEntries) {
        SortedLongMap map = new SortedLongMap(chunkEntries);
        TreeMap<Long, Long> reference = new TreeMap<>();
        long present = 10_000;
        int checked = 0;
        for (Step s : steps) {
            present += 3;
            long key = present - s.spread();
            switch (s.op()) {
                case PUT -> {
                    map.put(key, s.value());
                    reference.put(key, s.value());
                }
                case INSERT_AT_FLOOR -> { // by position, as Timeline does once it knows where a key goes
                    int floor = map.floorIndex(key);
                    if (floor >= 0 && map.keyAt(floor) == key) {
                        map.setValueAt(floor, s.value());
                    } else {
                        map.insertAt(floor + 1, key, s.value());
                    }
                    reference.put(key, s.value());
                }
                case REMOVE_KEY -> {
                    int i = map.indexOf(key);
                    assertThat(i >= 0).isEqualTo(reference.containsKey(key));
                    if (i >= 0) {
                        map.removeAt(i);
                        reference.remove(key);
                    }
                }
                case REMOVE_AT -> {
                    if (!reference.isEmpty()) {
                        int i = s.pick() % reference.size();
                        reference.remove(map.keyAt(i));
                        map.removeAt(i);
                    }
                }
                case REMOVE_FIRST -> { // a prefix, as a timeline prunes what ended
                    int n = reference.isEmpty() ? 0 : s.pick() % (reference.size() + 1);
                    map.removeFirst(n);
                    for (int k = 0; k < n; k++) {
                        reference.pollFirstEntry();
                    }
                }
                case SET_VALUE_AT -> {
                    if (!reference.isEmpty()) {
                        int i = s.pick() % reference.size();
                        map.setValueAt(i, s.value());
                        reference.put(map.keyAt(i), s.value());
                    }
                }
            }
            assertThat(map.size()).isEqualTo(reference.size());
            assertThat(map.isEmpty()).isEqualTo(reference.isEmpty());
            assertSame(map, map.floorIndex(key), reference.floorEntry(key));
            assertSame(map, map.ceilingIndex(key), reference.ceilingEntry(key));
            assertSame(map, map.higherIndex(key), reference.higherEntry(key));
            assertThat(map.indexOf(key) >= 0).isEqualTo(reference.containsKey(key));
            if (++checked % 25 == 0) { // a TreeMap's head map counts by walking it
                assertThat(map.countLeadingKeysBelow(key)).isEqualTo(reference.headMap(key).size());
            }
        }
        assertEqualContents(map, reference);
        assertThat(map.chunkCount()).isLessThanOrEqualTo(4 * map.size() / chunkEntries + 2);
    }

    /** Values that grow with the keys (a timeline's disjoint intervals) are counted from the front like keys. */
    @Property(tries = 100)
    void countsLeadingValuesBelowABound(@ForAll @IntRange(min = 0, max = 400) int entries,
            @ForAll @IntRange(min = 4, max = 20) int chunkEntries, @ForAll @IntRange(min = 0, max = 5_000) int bound) {
        SortedLongMap map = new SortedLongMap(chunkEntries);
        for (int k = entries - 1; k >= 0; k--) { // inserted at the front: many splits
            map.insertAt(0, 10L * k, 10L * k + 5);
        }
        int expected = 0;
        while (expected < entries && 10L * expected + 5 < bound) {
            expected++;
        }
        assertThat(map.countLeadingValuesBelow(bound)).isEqualTo(expected);
    }

    private static void assertEqualContents(SortedLongMap map, TreeMap<Long, Long> reference) {
        assertThat(map.size()).isEqualTo(reference.size());
        int i = 0;
        for (Map.Entry<Long, Long> e : reference.entrySet()) {
            assertSame(map, i++, e);
        }
    }

    private static void assertSame(SortedLongMap map, int index, Map.Entry<Long, Long> expected) {
        if (expected == null) {
            assertThat(index).isEqualTo(-1);
        } else {
            assertThat(index).isNotNegative();
            assertThat(map.keyAt(index)).isEqualTo(expected.getKey());
            assertThat(map.valueAt(index)).isEqualTo(expected.getValue());
        }
    }
}
