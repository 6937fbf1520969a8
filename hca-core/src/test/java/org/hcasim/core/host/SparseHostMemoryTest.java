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
    void elided_mode_stores_nothing_reads_zeros_but_still_checks_bounds() {
        SparseHostMemory m = new SparseHostMemory("h", PayloadMode.ELIDED);
        long a = m.allocate(4096, 4096);
        m.write(a, new byte[] {1, 2, 3}, 0, 3);
        byte[] back = {9, 9, 9};
        m.read(a, back, 0, 3);

        assertThat(back).containsExactly(0, 0, 0);
        assertThat(m.residentPages()).isZero();
        assertThatThrownBy(() -> m.write(a + 4095, new byte[2], 0, 2)).isInstanceOf(MemoryAccessException.class);
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
}
