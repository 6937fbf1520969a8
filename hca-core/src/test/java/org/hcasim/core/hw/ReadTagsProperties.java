package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A request takes the tag free last at or before its issue time, else the one free first, and a released tag is
 * free again at its time: {@link ReadTags} against a plain list of free times, with releases after every other
 * (the common case), among them, and at equal times.
 */
class ReadTagsProperties {

    /** Issue and release times near a rising present: steps of up to 50 ns, releases up to 400 ns ahead or behind. */
    @Provide
    Arbitrary<List<Integer>> steps() {
        return Arbitraries.integers().between(-400, 400).list().ofMinSize(1).ofMaxSize(600);
    }

    @Property(tries = 300)
    void takes_and_gives_back_tags_as_the_rule_says(@ForAll @IntRange(min = 1, max = 12) int count,
                                                     @ForAll("steps") List<Integer> steps) {
        ReadTags tags = new ReadTags(count);
        List<Long> free = new ArrayList<>(Collections.nCopies(count, Long.MIN_VALUE / 4));
        List<Long> held = new ArrayList<>();
        long now = 0;
        for (int s : steps) {
            now += Math.abs(s) % 50;
            if (held.size() < count && (s % 3 != 0 || held.isEmpty())) {
                long t = now + (s % 7 == 0 ? -Math.abs(s) % 20 : 0);
                assertThat(tags.take(t)).isEqualTo(takeFrom(free, t));
                held.add(t);
            } else {
                long at = s % 5 == 0 ? now + 1_000 + held.size() : now + s; // after all others, or among them
                held.remove(0);
                tags.release(at);
                free.add(at);
                Collections.sort(free);
            }
        }
    }

    private static long takeFrom(List<Long> free, long t) {
        int pick = 0;
        for (int i = 0; i < free.size(); i++) {
            if (free.get(i) <= t) {
                pick = i;
            }
        }
        return Math.max(t, free.remove(pick));
    }
}
