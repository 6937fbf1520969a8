package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;

import org.hcasim.core.sim.Simulation;
import org.junit.jupiter.api.Test;

class SignaturePipelineTest {
    private static final long READ_NS = 700;

    private SignaturePipeline engine(int contexts) {
        return new SignaturePipeline(new Simulation(1), "sig", new SignatureParams(contexts), READ_NS);
    }

    @Test
    void a_gathered_interval_holds_a_context_through_its_lookups_and_its_read_round_trip() {
        SignaturePipeline e = engine(1);
        assertThat(e.gather(0, 1, 20, 0)).isEqualTo(20 + READ_NS);
        assertThat(e.gather(0, 1, 20, 0)).as("the second waits for the context").isEqualTo(2 * (20 + READ_NS));
    }

    @Test
    void the_intervals_of_one_access_spread_over_the_contexts() {
        SignaturePipeline e = engine(4);
        assertThat(e.gather(0, 8, 20, 0)).as("8 intervals on 4 contexts: two rounds").isEqualTo(2 * (20 + READ_NS));
    }

    @Test
    void klm_indirection_lengthens_every_gathered_interval_and_so_the_engine_s_throughput() {
        SignaturePipeline mtt = engine(4);
        SignaturePipeline klm = engine(4);
        long mttDone = mtt.gather(0, 64, 20, 0);
        long klmDone = klm.gather(0, 64, 20, 180);
        assertThat((double) klmDone / mttDone).isEqualTo((20.0 + 180 + READ_NS) / (20 + READ_NS), org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void a_scatter_does_not_wait_for_memory_so_it_holds_a_context_only_for_its_lookups() {
        SignaturePipeline e = engine(4);
        assertThat(e.scatter(0, 64, 20, 180)).isEqualTo(64 / 4 * 200);
    }

    @Test
    void busy_time_says_how_much_was_read_wait_klm_indirection_and_lookups() {
        Simulation sim = new Simulation(1);
        SignaturePipeline e = new SignaturePipeline(sim, "sig", new SignatureParams(2), READ_NS);
        e.gather(0, 2, 20, 180);
        sim.loop().runUntil(10_000);
        assertThat(e.busyByCause()).containsEntry(SignaturePipeline.READ_WAIT, 2 * READ_NS)
                .containsEntry(SignaturePipeline.KLM_INDIRECTION, 360L)
                .containsEntry(SignaturePipeline.LOOKUP, 40L);
    }

    @Test
    void busy_time_counts_the_work_done_so_far_not_the_backlog_booked_ahead() {
        Simulation sim = new Simulation(1);
        SignaturePipeline e = new SignaturePipeline(sim, "sig", new SignatureParams(1), READ_NS);
        e.gather(0, 10, 0, 0); // 10 x 700 ns booked at once
        sim.loop().runUntil(3 * READ_NS);
        assertThat(e.busyNs()).isEqualTo(3 * READ_NS);
        e.resetStats();
        sim.loop().runUntil(5 * READ_NS);
        assertThat(e.busyNs()).as("the backlog booked before the reset counts once it runs").isEqualTo(2 * READ_NS);
    }

    @Test
    void a_physically_mapped_scatter_costs_the_engine_nothing() {
        SignaturePipeline e = engine(1);
        assertThat(e.scatter(5, 8, 0, 0)).isEqualTo(5);
        assertThat(e.uses()).isZero();
    }
}
