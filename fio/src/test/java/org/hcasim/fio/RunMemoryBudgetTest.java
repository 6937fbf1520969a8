package org.hcasim.fio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The run's memory estimate against the heap (docs/faults.md, "Memory budget"): what a ram backstore keeps of what the
 * jobs write, the testbed's own state and the oracle's notes, each named with its inputs when it does not fit.
 */
class RunMemoryBudgetTest {
    private static final long GIB = 1L << 30;

    private static List<FioJob> jobs(String options) {
        return FioHarness.parse("[j]\nioengine=loopback\nbs=4k\niodepth=4\n" + options + "\n").jobs();
    }

    private static FioTestbed.Footprint ramTarget(long capacity, boolean pi, int initiators, boolean oracle) {
        return new FioTestbed.Footprint(512, pi, true, initiators, capacity, true, 0, "", oracle);
    }

    @Test
    void a_ram_backstore_that_would_keep_more_than_the_heap_is_refused_naming_its_size() {
        List<FioJob> write16g = jobs("rw=write\nsize=16g");
        assertThatThrownBy(() -> RunMemoryBudget.check(write16g, ramTarget(1L << 40, false, 1, false), 4 * GIB))
                .isInstanceOf(JobFileException.class)
                .hasMessageStartingWith("the run needs about 18.5 GiB of memory, more than the 3.0 GiB it may use of the 4.0 GiB Java heap;"
                        + " what the ram backstore keeps would take about 18.5 GiB alone (the jobs write up to 16.0 GiB of"
                        + " testbed.target.namespace-size x testbed.target.namespaces = 1024.0 GiB")
                .hasMessageNotContaining("\n");
    }

    @Test
    void a_time_based_writer_is_left_to_the_backstore_s_own_guard() {
        // 2 ms of writes keep a few MiB whatever the namespace size; the ram backstore refuses to grow past the heap
        assertThatCode(() -> RunMemoryBudget.check(jobs("rw=write\ntime_based\nruntime=2ms"), ramTarget(1L << 40, false, 1, false),
                4 * GIB)).doesNotThrowAnyException();
    }

    @Test
    void number_ios_and_io_size_bound_what_a_writer_keeps_per_loop() {
        // 2000 random 4 KiB writes over a 1 TiB namespace keep at most 2000 x 4 KiB, not the namespace
        long blocks = 2000L * 4096 / 512;
        assertThat(kept(jobs("rw=randwrite\nnumber_ios=2000"))).isEqualTo(blocks * (512 + RunMemoryBudget.STORED_BLOCK_OVERHEAD_BYTES));
        assertThat(kept(jobs("rw=randwrite\nnumber_ios=2000\nloops=3"))).isEqualTo(3 * blocks * (512 + RunMemoryBudget.STORED_BLOCK_OVERHEAD_BYTES));
        assertThat(kept(jobs("rw=write\nio_size=1m"))).isEqualTo((1L << 20) / 512 * (512 + RunMemoryBudget.STORED_BLOCK_OVERHEAD_BYTES));
        // number_ios stops a time-based job's loop too, so its writes are bounded as well
        assertThat(kept(jobs("rw=randwrite\ntime_based\nruntime=1h\nnumber_ios=2000"))).isEqualTo(blocks * (512 + RunMemoryBudget.STORED_BLOCK_OVERHEAD_BYTES));
        assertThatCode(() -> RunMemoryBudget.check(jobs("rw=randwrite\nnumber_ios=2000"), ramTarget(1L << 40, false, 1, false), 4 * GIB))
                .doesNotThrowAnyException();
    }

    private static long kept(List<FioJob> jobs) {
        return RunMemoryBudget.parts(jobs, ramTarget(1L << 40, false, 1, false)).stream()
                .filter(p -> p.what().equals("what the ram backstore keeps")).mapToLong(RunMemoryBudget.Part::bytes).sum();
    }

    @Test
    void reads_a_null_backstore_and_elided_payload_keep_nothing() {
        assertThatCode(() -> RunMemoryBudget.check(jobs("rw=read\nsize=16g"), ramTarget(1L << 40, false, 1, false), 4 * GIB))
                .doesNotThrowAnyException();
        var nullTarget = new FioTestbed.Footprint(512, false, false, 1, 1L << 40, false, 0, "", false);
        assertThatCode(() -> RunMemoryBudget.check(jobs("rw=write\nsize=16g"), nullTarget, 4 * GIB)).doesNotThrowAnyException();
        var elided = new FioTestbed.Footprint(512, false, false, 1, 1L << 40, true, 0, "", false);
        assertThatCode(() -> RunMemoryBudget.check(jobs("rw=write\nsize=16g"), elided, 4 * GIB))
                .as("a ram backstore keeps no bytes when payload is elided").doesNotThrowAnyException();
    }

    @Test
    void what_is_kept_is_bounded_by_the_namespaces_and_multiplied_by_the_initiators() {
        // 8 initiators each writing the whole of a 1 GiB namespace keep 1 GiB, not 8
        var parts = RunMemoryBudget.parts(jobs("rw=write"), ramTarget(GIB, false, 8, false));
        var kept = parts.stream().filter(p -> p.what().equals("what the ram backstore keeps")).findFirst().orElseThrow();
        assertThat(kept.bytes()).isEqualTo(GIB / 512 * (512 + RunMemoryBudget.STORED_BLOCK_OVERHEAD_BYTES));
        // 4 initiators writing 64 MiB each keep 256 MiB; PI tuples add an entry of their own per block
        var four = RunMemoryBudget.parts(jobs("rw=randwrite\nsize=64m"), ramTarget(GIB, true, 4, true));
        long blocks = 4 * (64L << 20) / 512;
        assertThat(four).extracting(RunMemoryBudget.Part::what, RunMemoryBudget.Part::bytes).contains(
                org.assertj.core.groups.Tuple.tuple("what the ram backstore keeps",
                        blocks * (512 + 8 + 2 * RunMemoryBudget.STORED_BLOCK_OVERHEAD_BYTES)),
                org.assertj.core.groups.Tuple.tuple("the corruption oracle", blocks * RunMemoryBudget.ORACLE_BLOCK_BYTES));
    }

    @Test
    void a_size_in_percent_of_an_unbounded_device_does_not_overflow() {
        var unbounded = new FioTestbed.Footprint(512, false, true, 1, Long.MAX_VALUE, true, 0, "", false);
        assertThatThrownBy(() -> RunMemoryBudget.check(jobs("rw=write\nsize=50%"), unbounded, 4 * GIB))
                .isInstanceOf(JobFileException.class).hasMessageContaining("what the ram backstore keeps");
    }

    @Test
    void the_testbeds_own_state_is_named_with_its_inputs_when_it_dominates() {
        var many = new FioTestbed.Footprint(512, false, true, 1024, 1L << 40, false, 512 * GIB,
                "testbed.initiators = 1024 x 4096 cores each", false);
        assertThatThrownBy(() -> RunMemoryBudget.check(jobs("rw=read"), many, 4 * GIB))
                .hasMessageContaining("the testbed would take about 512.0 GiB alone (testbed.initiators = 1024 x 4096 cores each)");
    }

    @Test
    void each_job_on_each_initiator_keeps_six_latency_histograms() {
        var footprint = new FioTestbed.Footprint(512, false, true, 16, 1L << 40, false, 0, "", false);
        var parts = RunMemoryBudget.parts(FioHarness.parse("[j]\nioengine=loopback\nrw=randread\nnumjobs=4\n").jobs(), footprint);
        assertThat(parts).filteredOn(p -> p.what().equals("the jobs' latency statistics")).singleElement()
                .satisfies(p -> {
                    assertThat(p.bytes()).isEqualTo(4 * 16 * 6 * LatencyStats.FOOTPRINT_BYTES);
                    assertThat(p.inputs()).startsWith("4 jobs x 16 initiators, 6 latency histograms of 264 KiB each");
                });
        assertThat(LatencyStats.FOOTPRINT_BYTES).as("HdrHistogram's own estimate, 1 ns to 1 h at 3 digits")
                .isBetween(200_000L, 300_000L);
    }
}
