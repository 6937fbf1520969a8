package org.hcasim.core.collect;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** {@link NamedLongs} answers like the {@code HashMap} it was built from, for the names it holds and any others. */
class NamedLongsProperties {

    /** Short names from few letters, so that hash codes collide ("Aa" and "BB") and probes run into each other. */
    @Provide
    Arbitrary<Map<String, Long>> tables() {
        return Arbitraries.maps(names(), Arbitraries.longs()).ofMaxSize(300);
    }

    @Provide
    Arbitrary<List<String>> lookups() {
        return names().list().ofMaxSize(300);
    }

    private static Arbitrary<String> names() {
        return Arbitraries.strings().withChars("ABab-").ofMinLength(0).ofMaxLength(6);
    }

    @Property(tries = 300)
    void answers_like_a_hash_map(@ForAll("tables") Map<String, Long> entries, @ForAll("lookups") List<String> asked) {
        NamedLongs table = new NamedLongs(entries);
        Map<String, Long> reference = new HashMap<>(entries);
        for (String name : entries.keySet()) {
            String copy = new String(name.toCharArray()); // equal, not the same object: found by equals
            assertThat(table.get(copy, -7)).isEqualTo(reference.get(name));
            assertThat(table.get(name, -7)).isEqualTo(reference.get(name));
        }
        for (String name : asked) {
            assertThat(table.contains(name)).isEqualTo(reference.containsKey(name));
            assertThat(table.get(name, Long.MIN_VALUE)).isEqualTo(reference.getOrDefault(name, Long.MIN_VALUE));
        }
    }

    @Test
    void an_empty_table_and_a_null_name_have_no_value() {
        assertThat(new NamedLongs(Map.of()).get("x", 3)).isEqualTo(3);
        assertThat(new NamedLongs(Map.of("x", 1L)).contains(null)).isFalse();
        assertThat(new NamedLongs(Map.of("Aa", 1L, "BB", 2L)).get("BB", 0)).isEqualTo(2); // same hash code
        assertThat(Set.of("Aa".hashCode())).containsExactly("BB".hashCode());
    }
}
