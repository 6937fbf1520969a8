package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/** host.irq-preempts-threads: interrupts steal time from a thread task booked on their core. */
class IrqStealingTest {
    private final Simulation sim = new Simulation(42);
    private final SimHost host = new SimHost(sim, "h", 2, TestCosts.costs(), new SparseHostMemory("h", PayloadMode.ELIDED));
    private final List<String> log = new ArrayList<>();

    /** A thread task of 1000 ns at 0 that queues its next step at its end, and at 300 a hard IRQ of 200 ns raising a soft-IRQ of 100 ns. */
    private void threadInterruptedAt300() {
        host.run(0, Priority.THREAD, "thread", () -> {
            host.charge(1000);
            host.run(0, Priority.THREAD, "next", () -> log.add("next@" + host.now()));
        });
        sim.loop().at(300, () -> host.run(0, Priority.HARD_IRQ, "irq", () -> {
            log.add("irq@" + host.now());
            host.charge(200);
            host.run(0, Priority.SOFT_IRQ, "softirq", () -> {
                log.add("softirq@" + host.now());
                host.charge(100);
            });
        }));
        sim.loop().run();
    }

    @Test
    void on_the_interrupt_and_its_soft_irq_run_at_once_and_push_the_thread_later_by_their_time() {
        host.irqPreemptsThreads(true);
        threadInterruptedAt300();

        assertThat(log).containsExactly("irq@300", "softirq@500", "next@1300");
        assertThat(host.core(0).busyNs(Priority.THREAD)).isEqualTo(1000);
        assertThat(host.core(0).busyNs(Priority.HARD_IRQ) + host.core(0).busyNs(Priority.SOFT_IRQ)).isEqualTo(300);
    }

    @Test
    void off_the_interrupt_waits_for_the_thread_task_as_before() {
        threadInterruptedAt300();

        assertThat(log).containsExactly("irq@1000", "softirq@1200", "next@1300");
    }

    @Test
    void a_thread_queued_behind_the_interrupted_one_starts_at_its_pushed_end() {
        host.irqPreemptsThreads(true);
        host.run(0, Priority.THREAD, "a", () -> host.charge(1000));
        host.run(0, Priority.THREAD, "b", () -> log.add("b@" + host.now()));
        sim.loop().at(300, () -> host.run(0, Priority.HARD_IRQ, "irq", () -> {
            log.add("irq@" + host.now());
            host.charge(200);
        }));
        sim.loop().run();

        assertThat(log).containsExactly("irq@300", "b@1200");
    }

    @Test
    void an_interrupt_does_not_steal_from_a_soft_irq_nor_from_another_core() {
        host.irqPreemptsThreads(true);
        host.run(0, Priority.SOFT_IRQ, "tasklet", () -> host.charge(1000));
        host.run(1, Priority.THREAD, "thread", () -> host.charge(1000));
        sim.loop().at(300, () -> host.run(0, Priority.HARD_IRQ, "irq", () -> {
            log.add("irq@" + host.now());
            host.charge(200);
        }));
        sim.loop().run();

        assertThat(log).containsExactly("irq@1000");
        assertThat(host.core(1).busyNs()).isEqualTo(1000);
    }

    @Test
    void a_second_interrupt_arriving_during_a_stolen_one_runs_after_it_still_inside_the_thread() {
        host.irqPreemptsThreads(true);
        host.run(0, Priority.THREAD, "thread", () -> {
            host.charge(1000);
            host.run(0, Priority.THREAD, "next", () -> log.add("next@" + host.now()));
        });
        for (long at : new long[] {300, 400}) {
            sim.loop().at(at, () -> host.run(0, Priority.HARD_IRQ, "irq", () -> {
                log.add("irq@" + host.now());
                host.charge(200);
            }));
        }
        sim.loop().run();

        assertThat(log).containsExactly("irq@300", "irq@500", "next@1400");
    }
}
