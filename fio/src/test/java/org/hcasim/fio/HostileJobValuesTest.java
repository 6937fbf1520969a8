package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Values a hostile or careless job file gives are one-line errors before anything runs, never overflows or hangs. */
class HostileJobValuesTest {

    private static String job(String options) {
        return "[j]\nioengine=loopback\nrw=randread\nbs=4k\nsize=1m\n" + options + "\n";
    }

    @Test
    void a_negative_or_overlong_hex_size_is_refused() {
        assertThatThrownBy(() -> FioValues.size("0x-10")).hasMessageContaining("0x and up to 15 hex digits");
        assertThatThrownBy(() -> FioValues.size("0xffffffffffffffff")).hasMessageContaining("0x and up to 15 hex digits");
        assertThat(FioValues.size("0x10")).isEqualTo(16);
        assertThatThrownBy(() -> FioValues.size("9999999999999.5t")).hasMessageContaining("bad size");
    }

    @Test
    void an_offset_plus_size_past_the_end_is_refused_even_where_the_sum_overflows() {
        FioHarness h = FioHarness.nullDevice();
        assertThatThrownBy(() -> h.run(job("offset=4k\nsize=0x7ffffffffffffff")))
                .isInstanceOf(JobFileException.class).hasMessageContaining("is beyond the end of");
    }

    @Test
    void a_cpu_list_beyond_any_host_is_refused_at_once() {
        assertThatThrownBy(() -> FioValues.cpuList("0-2147483647"))
                .hasMessage("CPU 2147483647 in '0-2147483647' is out of range 0..1023");
        assertThatThrownBy(() -> FioValues.cpuList("-1")).isInstanceOf(IllegalArgumentException.class);
        assertThat(FioValues.cpuList("0-3,6")).containsExactly(0, 1, 2, 3, 6);
    }

    @Test
    void jobs_whose_io_buffers_cannot_fit_the_heap_are_refused_before_they_start() {
        FioHarness h = FioHarness.nullDevice();
        String big = job("numjobs=64\niodepth=65536\nbs=1m\nsize=64m");
        assertThatThrownBy(() -> h.run(big))
                .isInstanceOf(JobFileException.class)
                .hasMessageContaining("the jobs' I/O buffers would take about")
                .hasMessageContaining("lower numjobs, iodepth or bs");
    }

    @Test
    void the_budget_counts_both_copies_of_a_real_payload_and_the_pi_buffer() {
        FioJob j = FioHarness.parse(job("iodepth=8\nbs=4k")).jobs().get(0);
        assertThat(RunMemoryBudget.slotBytes(j, 512, true)).isEqualTo(2 * 4096 + 8 * 8 + RunMemoryBudget.SLOT_OVERHEAD_BYTES);
        assertThat(RunMemoryBudget.slotBytes(j, 512, false)).isEqualTo(4096 + 8 * 8 + RunMemoryBudget.SLOT_OVERHEAD_BYTES);
    }
}
