package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PageTableTest {
    private static final int PAGE = 1024;

    @Test
    void readsBackWhatAWholePageModelHoldsUnderRandomWritesAndRemovals() {
        SplittableRandom random = new SplittableRandom(7);
        PageTable table = new PageTable(PAGE);
        Map<Long, byte[]> reference = new HashMap<>();
        for (int step = 0; step < 50_000; step++) {
            // strided page numbers (aligned buffers) collide in the low bits
            long page = 0x100000L + 512L * random.nextInt(300) + random.nextInt(3);
            int from = random.nextInt(PAGE);
            int n = 1 + random.nextInt(random.nextBoolean() ? Math.min(80, PAGE - from) : PAGE - from);
            if (random.nextInt(4) == 0) {
                table.remove(page);
                reference.remove(page);
            } else {
                byte[] src = new byte[n + 3];
                random.nextBytes(src);
                table.write(page, from, src, 3, n);
                System.arraycopy(src, 3, reference.computeIfAbsent(page, p -> new byte[PAGE]), from, n);
            }
            assertThat(table.size()).isEqualTo(reference.size());
            long probe = 0x100000L + 512L * random.nextInt(300) + random.nextInt(3);
            int at = random.nextInt(PAGE);
            int len = random.nextInt(PAGE - at + 1);
            byte[] got = new byte[len + 2];
            got[0] = 9;
            got[len + 1] = 9;
            java.util.Arrays.fill(got, 1, len + 1, (byte) 5); // stale bytes the read must overwrite
            table.read(probe, at, got, 1, len);
            byte[] expected = new byte[len + 2];
            expected[0] = 9;
            expected[len + 1] = 9;
            byte[] whole = reference.get(probe);
            if (whole != null) {
                System.arraycopy(whole, at, expected, 1, len);
            }
            assertThat(got).as("step %d, page %d [%d, +%d)", step, probe, at, len).isEqualTo(expected);
        }
    }

    @Test
    void aSmallWriteKeepsOnlyItsLinesAndTheWindowWidensKeepingEarlierBytesUntilItBecomesTheWholePage() {
        PageTable table = new PageTable(4096);
        byte[] capsule = new byte[64];
        java.util.Arrays.fill(capsule, (byte) 7);
        table.write(3, 0x840, capsule, 0, 64);

        assertThat(table.residentBytes()).as("a 64-byte capsule on a line boundary").isEqualTo(64);
        table.write(3, 0x8a0, new byte[] {1, 2}, 0, 2); // into the next line
        assertThat(table.residentBytes()).isEqualTo(2 * 64);
        byte[] back = new byte[0x70];
        table.read(3, 0x830, back, 0, back.length);
        byte[] expected = new byte[0x70];
        java.util.Arrays.fill(expected, 0x10, 0x50, (byte) 7);
        assertThat(back).isEqualTo(expected);

        table.write(3, 0x100, new byte[] {4}, 0, 1); // the window would span more than a quarter of the page
        assertThat(table.residentBytes()).isEqualTo(4096);
        byte[] page = new byte[4096];
        table.read(3, 0, page, 0, 4096);
        assertThat(page[0x100]).isEqualTo((byte) 4);
        assertThat(page[0x840]).isEqualTo((byte) 7);
        assertThat(page[0x87f]).isEqualTo((byte) 7);
        assertThat(page[0x8a0]).isEqualTo((byte) 1);
        assertThat(page[0x8a1]).isEqualTo((byte) 2);
        table.remove(3);
        assertThat(table.residentBytes()).isZero();
        assertThat(table.size()).isZero();
    }

    @Test
    void aRemovedPageComesBackZeroedForANewPage() {
        PageTable table = new PageTable(PAGE);
        byte[] full = new byte[PAGE];
        java.util.Arrays.fill(full, (byte) 3);
        table.write(1, 0, full, 0, PAGE);
        table.remove(1); // its array is kept as a spare
        table.write(2, 0, full, 0, PAGE / 2); // the spare, filled over its first half only
        byte[] back = new byte[PAGE];
        table.read(2, 0, back, 0, PAGE);

        assertThat(java.util.Arrays.copyOfRange(back, 0, PAGE / 2)).containsOnly(3);
        assertThat(java.util.Arrays.copyOfRange(back, PAGE / 2, PAGE)).containsOnly(0);
        table.read(1, 0, back, 0, PAGE);
        assertThat(back).containsOnly(0);
    }
}
