package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Properties of the value parsers and the offset generator over wide inputs. */
class FioPropertiesTest {

    @Property
    void sizesWithSuffixesAreBinaryMultiples(@ForAll @LongRange(min = 0, max = 1 << 20) long n, @ForAll @IntRange(min = 0, max = 3) int power) {
        String[] suffixes = {"", "k", "m", "g"};
        assertThat(FioValues.size(n + suffixes[power])).isEqualTo(n << (10 * power));
        assertThat(FioValues.size(n + suffixes[power].toUpperCase() + (power > 0 ? "iB" : ""))).isEqualTo(n << (10 * power));
    }

    @Property
    void randomMapCoversEveryGranuleOncePerPass(@ForAll @IntRange(min = 1, max = 3000) int granules, @ForAll long seed) {
        OffsetGenerator g = new OffsetGenerator(true, true, granules * 512L, 512, 0, new SplittableRandom(seed));
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < granules; i++) {
            long off = g.next(512);
            assertThat(off % 512).isZero();
            assertThat(off).isBetween(0L, granules * 512L - 512);
            seen.add(off);
        }
        assertThat(seen).hasSize(granules);
        assertThat(g.passComplete()).isTrue();
    }

    @Property
    void sequentialWithHolesStaysInsideTheRegion(@ForAll @IntRange(min = 1, max = 64) int blocks, @ForAll @IntRange(min = 0, max = 4) int hole) {
        long length = 64 * 4096L;
        OffsetGenerator g = new OffsetGenerator(false, true, length, 4096, hole * 4096L, new SplittableRandom(1));
        long expected = 0;
        while (!g.passComplete()) {
            long off = g.next(4096);
            assertThat(off).isEqualTo(expected);
            assertThat(off + 4096).isLessThanOrEqualTo(length);
            expected += 4096L * (1 + hole);
        }
    }
}
