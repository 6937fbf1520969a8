package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.hcasim.host.HostMemory;
import org.hcasim.host.MemoryAccessException;
import org.junit.jupiter.api.Test;

class SparseHostMemoryTest {

    @Test
    void bytes_written_across_page_boundaries_read_back_in_real_mode() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.REAL);
        long a = m.allocate(3 * HostMemory.PAGE_SIZE, 4096);
        byte[] data = new byte[5000];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31);
        }
        m.write(a + 4000, data, 0, data.length);
        byte[] back = new byte[data.length];
        m.read(a + 4000, back, 0, back.length);

        assertThat(back).isEqualTo(data);
        assertThat(m.residentPages()).as("bytes 4000..8999 touch pages 0, 1 and 2").isEqualTo(3);
    }

    @Test
    void a_capsule_written_into_a_receive_buffer_keeps_its_bytes_not_a_whole_page() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.ELIDED);
        long[] buffers = new long[100];
        for (int i = 0; i < buffers.length; i++) {
            buffers[i] = m.allocate(64, 64); // an NVMe-oF target's command buffers, each on a page of its own
            byte[] capsule = new byte[64];
            java.util.Arrays.fill(capsule, (byte) i);
            m.write(buffers[i], capsule, 0, 64);
        }
        byte[] back = new byte[64];
        m.read(buffers[42], back, 0, 64);

        assertThat(back).containsOnly(42);
        assertThat(m.residentPages()).isEqualTo(100);
        assertThat(m.residentBytes()).isEqualTo(100 * 64L);
    }

    @Test
    void allocations_honour_alignment_and_never_touch_each_other() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.REAL);
        long a = m.allocate(100, 64);
        long b = m.allocate(512, 4096);

        assertThat(a % 64).isZero();
        assertThat(b % 4096).isZero();
        assertThat(b).isGreaterThan(a + 100);
        assertThat(m.allocatedBytes()).isEqualTo(612);
    }

    @Test
    void payload_memory_in_elided_mode_stores_nothing_reads_zeros_but_still_checks_bounds() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.ELIDED);
        long a = m.allocatePayload(4096, 4096);
        m.write(a, new byte[] {1, 2, 3}, 0, 3);
        byte[] back = {9, 9, 9};
        m.read(a, back, 0, 3);

        assertThat(back).containsExactly(0, 0, 0);
        assertThat(m.residentPages()).isZero();
        assertThat(m.storesBytes(a)).isFalse();
        assertThat(m.allocatedBytes()).isEqualTo(4096);
        assertThatThrownBy(() -> m.write(a + 4095, new byte[2], 0, 2)).isInstanceOf(MemoryAccessException.class);
        assertThatThrownBy(() -> m.read(a - 1, new byte[1], 0, 1)).isInstanceOf(MemoryAccessException.class);
        m.free(a);
        assertThatThrownBy(() -> m.check(a, 1)).isInstanceOf(MemoryAccessException.class);
    }

    @Test
    void payload_memory_in_real_mode_stores_bytes() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.REAL);
        long a = m.allocatePayload(4096, 4096);
        m.write(a, new byte[] {1, 2, 3}, 0, 3);
        byte[] back = new byte[3];
        m.read(a, back, 0, 3);

        assertThat(back).containsExactly(1, 2, 3);
        assertThat(m.storesBytes(a)).isTrue();
    }

    @Test
    void control_memory_stores_bytes_in_both_modes() {
        for (PayloadMode mode : PayloadMode.values()) {
            SparseHostMemory m = new SparseHostMemory("h", mode);
            long payload = m.allocatePayload(4096, 4096);
            long control = m.allocate(64, 64);
            m.write(payload, new byte[] {5}, 0, 1); // interleaved accesses must not leak the kind between allocations
            m.write(control, new byte[] {1, 2, 3}, 0, 3);
            byte[] back = new byte[3];
            m.read(control, back, 0, 3);

            assertThat(back).as("mode %s", mode).containsExactly(1, 2, 3);
            assertThat(m.storesBytes(control)).isTrue();
            assertThatThrownBy(() -> m.read(control + 60, new byte[5], 0, 5)).isInstanceOf(MemoryAccessException.class);
        }
    }

    @Test
    void copy_from_elided_payload_into_control_memory_writes_zeros() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.ELIDED);
        long payload = m.allocatePayload(16, 8);
        long control = m.allocate(16, 8);
        m.write(control, new byte[] {7, 7}, 0, 2);
        m.copy(payload, control, 16);
        byte[] back = {9, 9};
        m.read(control, back, 0, 2);

        assertThat(back).containsExactly(0, 0);
        assertThatThrownBy(() -> m.copy(payload, control, 17)).isInstanceOf(MemoryAccessException.class);
    }

    @Test
    void access_past_the_end_of_an_allocation_or_after_free_faults() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.REAL);
        long a = m.allocate(100, 8);

        assertThatThrownBy(() -> m.read(a + 90, new byte[11], 0, 11))
                .isInstanceOf(MemoryAccessException.class).hasMessageContaining("outside every allocation");
        m.free(a);
        assertThatThrownBy(() -> m.check(a, 1)).isInstanceOf(MemoryAccessException.class);
        assertThatThrownBy(() -> m.free(a)).hasMessageContaining("not the start of an allocation");
    }

    @Test
    void a_freed_allocation_faults_even_after_other_checks_remembered_it() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.ELIDED);
        long big = m.allocatePayload(5000 * 4096L, 4096); // more pages than the checks remember allocations
        long control = m.allocate(64, 64);
        long payload = m.allocatePayload(4096, 4096);
        m.check(big + 3000 * 4096L, 8);
        m.check(control, 64);
        m.check(payload, 4096);
        m.check(control + 8, 8); // the last check is now the control buffer, the others are only remembered

        assertThat(m.storesBytes(payload)).isFalse();
        assertThat(m.storesBytes(control)).isTrue();
        m.free(payload);
        m.free(big);
        m.check(control, 1);
        assertThatThrownBy(() -> m.check(payload, 1)).isInstanceOf(MemoryAccessException.class)
                .hasMessageContaining("outside every allocation");
        assertThatThrownBy(() -> m.check(big + 3000 * 4096L, 8)).isInstanceOf(MemoryAccessException.class);
        assertThatThrownBy(() -> m.check(control, 65)).isInstanceOf(MemoryAccessException.class);
    }

    @Test
    void copy_moves_bytes_between_allocations() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.REAL);
        long a = m.allocate(8192, 4096);
        long b = m.allocate(8192, 4096);
        m.write(a + 10, new byte[] {7, 8}, 0, 2);
        m.copy(a, b, 8192);
        byte[] back = new byte[2];
        m.read(b + 10, back, 0, 2);

        assertThat(back).containsExactly(7, 8);
    }

    @Test
    void with_thousands_of_buffers_the_table_of_recent_checks_grows_and_every_buffer_keeps_its_kind_and_bounds() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.ELIDED);
        int n = 3000; // rds-stress's rings: more buffers than a 1024-entry table of recent checks holds
        long[] payload = new long[n];
        long[] control = new long[n];
        for (int i = 0; i < n; i++) {
            payload[i] = m.allocatePayload(8448, 8);
            control[i] = m.allocate(64, 64);
        }
        assertThat(m.recentEntries()).isGreaterThan(SparseHostMemory.MIN_RECENT).isLessThanOrEqualTo(SparseHostMemory.MAX_RECENT);
        for (int round = 0; round < 2; round++) { // the second round finds the buffers remembered
            for (int i = 0; i < n; i++) {
                assertThat(m.storesBytes(payload[i])).isFalse();
                assertThat(m.storesBytes(control[i])).isTrue();
                m.check(payload[i] + 8000, 448);
            }
        }
        for (int i = 0; i < n; i += 2) {
            m.free(payload[i]);
        }
        for (int i = 0; i < n; i++) {
            long p = payload[i];
            if (i % 2 == 0) {
                assertThatThrownBy(() -> m.check(p + 100, 1)).isInstanceOf(MemoryAccessException.class);
            } else {
                assertThat(m.storesBytes(p + 8447)).isFalse();
                assertThatThrownBy(() -> m.check(p + 8000, 449)).isInstanceOf(MemoryAccessException.class);
            }
        }
        assertThat(m.allocatedBytes()).isEqualTo(n / 2 * 8448L + n * 64L);
    }
}
