package org.hcasim.core.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
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
    void insertsAndRemovalsNearTheFrontOfALongListShiftTheFrontNotTheTail() {
        SortedLongMap map = new SortedLongMap();
        TreeMap<Long, Long> reference = new TreeMap<>();
        for (long k = 1; k <= 10_000; k++) {
            map.put(10 * k, 10 * k + 1); // appended: nothing shifted
            reference.put(10 * k, 10 * k + 1);
        }
        map.removeFirst(100); // pruned from the front, as a timeline forgets what ended: room in front
        reference.headMap(1010L).clear();
        long before = map.shiftedEntries();
        for (long k = 0; k < 50; k++) { // gaps filled near the present, ahead of a long booked backlog
            long key = 1015 + 20 * k;
            map.insertAt(map.floorIndex(key) + 1, key, key + 2);
            reference.put(key, key + 2);
        }
        for (int j = 0; j < 20; j++) {
            int i = 3 * j + 1;
            reference.remove(map.keyAt(i));
            map.removeAt(i);
        }

        assertThat(map.shiftedEntries() - before).isLessThan(70 * 200); // a tail shift would move ~9 900 each
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
