package org.hcasim.fio;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The block sizes of one direction of a job: one size ({@code bs=4k}), a range ({@code bsrange=4k-64k}: uniform,
 * aligned to the smallest when it is a power of two, as fio's get_next_buflen) or a weighted split
 * ({@code bssplit=4k/30:64k/70}).
 */
record BlockSizes(long min, long max, List<Share> split) {

    /** One entry of a bssplit: a block size and its share of the I/Os, percent. */
    record Share(long bs, int percent) {
    }

    BlockSizes {
        split = List.copyOf(split);
    }

    static BlockSizes of(long bs) {
        return new BlockSizes(bs, bs, List.of());
    }

    boolean fixed() {
        return min == max;
    }

    /** The size of the next I/O; draws from {@code rng} only when there is a choice. */
    long next(SplittableRandom rng) {
        if (fixed()) return min;
        if (!split.isEmpty()) {
            int draw = rng.nextInt(100);
            int cumulative = 0;
            for (Share s : split) {
                cumulative += s.percent();
                if (draw < cumulative) return s.bs();
            }
            return split.get(split.size() - 1).bs();
        }
        long bs = min + rng.nextLong(max - min + 1);
        return Long.bitCount(min) == 1 ? bs & ~(min - 1) : bs / 512 * 512;
    }
}
