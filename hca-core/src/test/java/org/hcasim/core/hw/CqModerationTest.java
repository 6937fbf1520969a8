package org.hcasim.core.hw;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

class CqModerationTest {
    private final Simulation sim = new Simulation(3);
    private final SimHost host = TestHosts.host(sim, 4);
    private final PcieLink pcie = new PcieLink(sim, "pcie", PcieLinkTest.GEN3_X8);
    private final EventQueue eq = new EventQueue(host, pcie, new MsixVector(sim, host, "comp2", 2));
    private final List<String> handled = new ArrayList<>();
    private final CqModeration cq = new CqModeration(sim.loop(), eq,
            () -> handled.add(host.currentPriority() + " on core " + host.currentCore() + " @" + host.now()));

    @Test
    void without_moderation_the_first_cqe_after_arming_interrupts_the_vectors_core_in_hard_irq() {
        cq.arm();
        cq.cqeWritten(1000);
        sim.loop().run();

        assertThat(handled).hasSize(1);
        assertThat(handled.get(0)).startsWith("HARD_IRQ on core 2");
        assertThat(cq.armed()).isFalse();
        assertThat(host.core(2).busyNs()).isEqualTo(TestHosts.IRQ_ENTRY + TestHosts.PER_EQE + TestHosts.DOORBELL
                + TestHosts.IRQ_EXIT);
    }

    @Test
    void an_unarmed_cq_generates_no_event() {
        cq.cqeWritten(1000);
        sim.loop().run();

        assertThat(handled).isEmpty();
        assertThat(eq.events()).isZero();
    }

    @Test
    void the_count_fires_when_enough_cqes_arrive_before_the_period_ends() {
        cq.configure(4, 50_000, ModerationMode.RESTART_ON_CQE);
        cq.arm();
        for (int i = 0; i < 4; i++) {
            cq.cqeWritten(1000 + 100L * i);
        }
        sim.loop().run();

        assertThat(cq.eventsByCount()).isEqualTo(1);
        assertThat(cq.eventsByPeriod()).isZero();
        assertThat(handled).hasSize(1);
    }

    @Test
    void in_event_period_mode_the_first_completion_after_a_quiet_period_fires_at_once() {
        cq.configure(16, 8_000, ModerationMode.START_ON_EVENT);
        cq.arm();
        sim.loop().at(1000, () -> cq.cqeWritten(1000));
        sim.loop().runUntil(() -> eq.events() > 0);

        assertThat(sim.loop().now()).isEqualTo(1000);
        assertThat(cq.eventsByPeriod()).isEqualTo(1);
    }

    @Test
    void in_event_period_mode_the_period_runs_from_the_last_event() {
        cq.configure(16, 8_000, ModerationMode.START_ON_EVENT);
        cq.arm();
        sim.loop().at(1000, () -> cq.cqeWritten(1000));  // fires at once: no event for a long time
        sim.loop().at(2000, () -> cq.arm());
        sim.loop().at(3000, () -> cq.cqeWritten(3000));  // waits until 1000 + 8000
        sim.loop().at(4000, () -> cq.cqeWritten(4000));
        sim.loop().runUntil(() -> eq.events() > 1);

        assertThat(sim.loop().now()).isEqualTo(1000 + 8_000);
        assertThat(cq.eventsByPeriod()).isEqualTo(2);
        assertThat(cq.eventsByCount()).isZero();
    }

    @Test
    void in_cqe_period_mode_each_cqe_restarts_the_period() {
        cq.configure(16, 8_000, ModerationMode.RESTART_ON_CQE);
        cq.arm();
        sim.loop().at(1000, () -> cq.cqeWritten(1000));
        sim.loop().at(3000, () -> cq.cqeWritten(3000));
        sim.loop().runUntil(() -> eq.events() > 0);

        assertThat(sim.loop().now()).isEqualTo(3000 + 8_000);
    }

    @Test
    void armed_solicited_only_ordinary_completions_raise_no_event() {
        cq.arm(true);
        cq.cqeWritten(1000, false);
        cq.cqeWritten(1100, false);
        sim.loop().run();

        assertThat(handled).isEmpty();
        assertThat(cq.armedSolicitedOnly()).isTrue();
    }

    @Test
    void armed_solicited_only_a_solicited_completion_raises_the_event() {
        cq.arm(true);
        cq.cqeWritten(1000, false);
        cq.cqeWritten(1100, true);
        sim.loop().run();

        assertThat(handled).hasSize(1);
        assertThat(cq.armed()).isFalse();
    }

    @Test
    void arming_for_the_next_completion_widens_a_solicited_only_arm() {
        cq.arm(true);
        cq.arm(false);
        cq.cqeWritten(1000, false);
        sim.loop().run();

        assertThat(handled).hasSize(1);
    }

    @Test
    void armed_solicited_only_the_count_counts_solicited_completions() {
        cq.configure(2, 1000_000, ModerationMode.RESTART_ON_CQE);
        cq.arm(true);
        for (int i = 0; i < 5; i++) {
            cq.cqeWritten(1000 + i, false);
        }
        cq.cqeWritten(2000, true);
        sim.loop().runUntil(2500);
        assertThat(handled).isEmpty();
        cq.cqeWritten(3000, true);
        sim.loop().runUntil(3500);

        assertThat(cq.eventsByCount()).isEqualTo(1);
    }

    @Test
    void a_count_moderated_cq_under_a_steady_stream_raises_one_event_per_count() {
        CqModeration rearming = rearmingCq();
        rearming.configure(8, 16_000, ModerationMode.START_ON_EVENT);
        rearming.arm();
        steadyStream(rearming, 100, 10_000); // a completion every 100 ns for 1 ms

        // each event gathers 8 completions counted while armed; a few more arrive while its interrupt is on the way
        assertThat(rearming.eventsByCount()).isLessThanOrEqualTo(10_000 / 8).isGreaterThan(10_000 / 16);
        assertThat(rearming.eventsByPeriod()).as("only the very first completion, after a long quiet").isEqualTo(1);
    }

    @Test
    void a_period_moderated_cq_under_a_steady_stream_raises_one_event_per_period() {
        CqModeration rearming = rearmingCq();
        rearming.configure(1000, 4_000, ModerationMode.START_ON_EVENT);
        rearming.arm();
        steadyStream(rearming, 1000, 1000); // a completion every microsecond for 1 ms

        // the first completion fires at once (nothing before it), then one event per 4 us of completions
        assertThat(rearming.eventsByPeriod()).isBetween(1000L / 4, 1000L / 4 + 1);
        assertThat(rearming.eventsByCount()).isZero();
    }

    @Test
    void without_moderation_every_completion_of_a_rearmed_cq_is_an_event() {
        CqModeration rearming = rearmingCq();
        rearming.arm();
        steadyStream(rearming, 5000, 100);

        assertThat(rearming.eventsByCount()).isEqualTo(100);
    }

    /** A CQ whose handler re-arms it at once (interrupt handling itself is timed by the event queue). */
    private CqModeration rearmingCq() {
        CqModeration[] self = new CqModeration[1];
        self[0] = new CqModeration(sim.loop(), eq, () -> self[0].arm());
        return self[0];
    }

    private void steadyStream(CqModeration target, long everyNs, int count) {
        for (int i = 0; i < count; i++) {
            long t = 1000 + everyNs * i;
            sim.loop().at(t, () -> target.cqeWritten(t));
        }
        sim.loop().run();
    }

    @Test
    void events_of_several_cqs_arriving_together_share_one_interrupt() {
        CqModeration other = new CqModeration(sim.loop(), eq, () -> handled.add("other"));
        cq.arm();
        other.arm();
        cq.cqeWritten(1000);
        other.cqeWritten(1001);
        sim.loop().run();

        assertThat(handled).hasSize(2);
        assertThat(eq.vector().raised()).isEqualTo(1);
    }

    @Test
    void an_interrupt_waits_for_the_running_thread_task_no_preemption() {
        host.run(2, Priority.THREAD, "busy", () -> host.charge(100_000));
        cq.arm();
        cq.cqeWritten(10);
        sim.loop().run();

        assertThat(handled.get(0)).endsWith("@" + (100_000 + TestHosts.IRQ_ENTRY + TestHosts.PER_EQE));
    }

    @Test
    void a_raised_interrupt_appears_in_the_trace_as_an_instant_on_its_vector() {
        org.hcasim.core.sim.TraceRecorder rec = new org.hcasim.core.sim.TraceRecorder(100);
        sim.trace(rec);
        cq.arm();
        cq.cqeWritten(1000);
        sim.loop().run();

        assertThat(rec.records()).anySatisfy(r -> {
            assertThat(r.kind()).isEqualTo(org.hcasim.core.sim.TraceRecorder.Kind.INSTANT);
            assertThat(r.track()).isEqualTo("comp2");
        });
        assertThat(rec.records()).anySatisfy(r -> assertThat(r.track()).isEqualTo("h/cpu2"));
    }
}
