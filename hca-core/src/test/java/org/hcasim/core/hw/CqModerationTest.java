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
        cq.configure(4, 50_000, ModerationMode.START_ON_FIRST_CQE);
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
    void the_period_fires_when_too_few_cqes_arrive() {
        cq.configure(16, 8_000, ModerationMode.START_ON_FIRST_CQE);
        cq.arm();
        sim.loop().at(1000, () -> cq.cqeWritten(1000));
        sim.loop().at(3000, () -> cq.cqeWritten(3000));
        long[] eventAt = new long[1];
        sim.loop().runUntil(() -> eq.events() > 0);
        eventAt[0] = sim.loop().now();
        sim.loop().run();

        assertThat(cq.eventsByPeriod()).isEqualTo(1);
        assertThat(cq.eventsByCount()).isZero();
        assertThat(eventAt[0]).as("period started by the first CQE").isEqualTo(1000 + 8_000);
    }

    @Test
    void in_cqe_period_mode_each_cqe_restarts_the_period() {
        cq.configure(16, 8_000, ModerationMode.RESTART_ON_EACH_CQE);
        cq.arm();
        sim.loop().at(1000, () -> cq.cqeWritten(1000));
        sim.loop().at(3000, () -> cq.cqeWritten(3000));
        sim.loop().runUntil(() -> eq.events() > 0);

        assertThat(sim.loop().now()).isEqualTo(3000 + 8_000);
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
