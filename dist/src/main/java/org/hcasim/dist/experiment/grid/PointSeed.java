package org.hcasim.dist.experiment.grid;

import java.nio.charset.StandardCharsets;
import org.hcasim.spi.Point;

/**
 * The seed of a point, from the experiment name and the point's coordinates only: a point gets the
 * same seed whatever grid, order or thread count it runs in. FNV-1a over the UTF-8 text, then the
 * SplitMix64 finaliser so that similar points get unrelated seeds.
 */
public final class PointSeed {
    private PointSeed() { }

    public static long of(String experiment, Point point) {
        long h = 0xcbf29ce484222325L;
        for (byte b : (experiment + "|" + point).getBytes(StandardCharsets.UTF_8)) {
            h ^= (b & 0xff);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 30;
        h *= 0xbf58476d1ce4e5b9L;
        h ^= h >>> 27;
        h *= 0x94d049bb133111ebL;
        return h ^ (h >>> 31);
    }
}
