package org.hcasim.core.verbs.mkey;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Buffers for payload in flight: big enough, reused once given back, never handed out twice at a time. */
class PayloadBuffersTest {
    private final PayloadBuffers buffers = new PayloadBuffers();

    @Test
    void a_buffer_holds_at_least_the_length_asked_for() {
        assertThat(buffers.take(1).length).isEqualTo(1);
        assertThat(buffers.take(64).length).isEqualTo(64);
        assertThat(buffers.take(4097).length).isEqualTo(8192);
        assertThat(buffers.take(0)).isEmpty();
    }

    @Test
    void a_buffer_given_back_is_taken_again_for_the_same_size_class() {
        byte[] b = buffers.take(4096);
        buffers.give(b);

        assertThat(buffers.take(3000)).isSameAs(b);
        assertThat(buffers.take(3000)).isNotSameAs(b);
    }

    @Test
    void buffers_in_use_are_distinct() {
        Set<byte[]> inUse = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (int round = 0; round < 3; round++) {
            for (int i = 0; i < 100; i++) {
                assertThat(inUse.add(buffers.take(4096))).isTrue();
            }
            inUse.forEach(buffers::give);
            inUse.clear();
        }
    }

    @Test
    void null_and_arrays_of_other_sizes_are_ignored() {
        buffers.give(null);
        buffers.give(new byte[100]);

        assertThat(buffers.take(100).length).isEqualTo(128);
    }
}
