package org.hcasim.core.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link LongLruSet} hits, misses and evicts exactly like the access-ordered {@code LinkedHashMap} with
 * {@code removeEldestEntry} that the translation cache used before it.
 */
class LongLruSetProperties {

    /** The reference: what TranslationCache did per line (get, then put on a miss). */
    private static final class ReferenceLru {
        private final LinkedHashMap<Long, Boolean> map;

        ReferenceLru(int capacity) {
            map = new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                    return size() > capacity;
                }
            };
        }

        boolean touch(long key) {
            if (map.get(key) != null) {
                return true;
            }
            map.put(key, Boolean.TRUE);
            return false;
        }
    }

    /** Keys as TranslationCache makes them: (mkey << 32) | line, from a few keys and lines so that hits occur. */
    @Provide
    Arbitrary<List<Long>> lines() {
        return Arbitraries.longs().between(0, 7).flatMap(mkey -> Arbitraries.longs().between(0, 40)
                .map(line -> ((0x100L + mkey) << 40 | mkey << 32) | line)).list().ofMaxSize(3000);
    }

    @Property(tries = 200)
    void touches_like_an_access_ordered_linked_hash_map(@ForAll("lines") List<Long> keys,
                                                         @ForAll @IntRange(min = 1, max = 64) int capacity) {
        LongLruSet lru = new LongLruSet(capacity);
        ReferenceLru reference = new ReferenceLru(capacity);
        for (long k : keys) {
            assertThat(lru.touch(k)).as("hit on %x", k).isEqualTo(reference.touch(k));
            assertThat(lru.size()).isEqualTo(reference.map.size());
        }
        assertThat(lru.inUseOrder()).containsExactly(reference.map.keySet().stream().mapToLong(Long::longValue).toArray());
    }

    @Test
    void a_full_set_forgets_the_least_recently_used_member() {
        LongLruSet lru = new LongLruSet(2);
        lru.touch(1);
        lru.touch(2);
        lru.touch(1);     // 2 is now the least recently used
        lru.touch(3);

        assertThat(lru.contains(2)).isFalse();
        assertThat(lru.inUseOrder()).containsExactly(1, 3);
    }
}
