package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PageTableTest {

    @Test
    void holdsTheSamePagesAsAHashMapUnderRandomCreatesAndRemovals() {
        SplittableRandom random = new SplittableRandom(7);
        PageTable table = new PageTable();
        Map<Long, byte[]> reference = new HashMap<>();
        for (int step = 0; step < 50_000; step++) {
            // strided page numbers (aligned buffers) collide in the low bits
            long page = 0x100000L + 512L * random.nextInt(300) + random.nextInt(3);
            if (random.nextInt(3) == 0) {
                table.remove(page);
                reference.remove(page);
            } else {
                byte[] got = table.getOrCreate(page, 8);
                byte[] expected = reference.computeIfAbsent(page, p -> got);
                assertThat(got).isSameAs(expected);
            }
            assertThat(table.size()).isEqualTo(reference.size());
            long probe = 0x100000L + 512L * random.nextInt(300) + random.nextInt(3);
            assertThat(table.get(probe)).isSameAs(reference.get(probe));
        }
        for (Map.Entry<Long, byte[]> e : reference.entrySet()) {
            assertThat(table.get(e.getKey())).isSameAs(e.getValue());
        }
    }

    @Test
    void aRemovedPageComesBackZeroedForANewPageAndNeverWhileItsOldPageLives() {
        SplittableRandom random = new SplittableRandom(11);
        PageTable table = new PageTable();
        Map<Long, byte[]> live = new HashMap<>();
        for (int step = 0; step < 20_000; step++) {
            long page = random.nextInt(200);
            if (random.nextInt(3) == 0) {
                table.remove(page);
                live.remove(page);
            } else if (!live.containsKey(page)) {
                byte[] created = table.getOrCreate(page, 16);
                assertThat(created).containsOnly(0);
                assertThat(live.values()).noneMatch(p -> p == created);
                java.util.Arrays.fill(created, (byte) (step | 1)); // dirty it, as a write would
                live.put(page, created);
            }
        }
    }
}
