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
}
