package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/**
 * host.softirq-ksoftirqd: __do_softirq ends its inline loop after MAX_SOFTIRQ_RESTART rounds or when a thread was
 * woken on the core, and ksoftirqd then shares the core with the threads until a hard IRQ takes the work back inline.
 */
class KsoftirqdTest {
    private final Simulation sim = new Simulation(42);
    private final SimHost host = new SimHost(sim, "h", 2, TestCosts.costs(), new SparseHostMemory("h", PayloadMode.ELIDED));
    private final List<String> log = new ArrayList<>();

    /** From {@code first} every 1000 ns until {@code last}: a hard IRQ of 100 ns raising a soft-IRQ of 900 ns. */
    private void interruptsEvery1000ns(long first, long last) {
        for (long t = first; t <= last; t += 1000) {
            sim.loop().at(t, () -> host.run(0, Priority.HARD_IRQ, "irq", () -> {
                host.charge(100);
                host.run(0, Priority.SOFT_IRQ, "softirq", () -> {
                    log.add("softirq@" + host.now());
                    host.charge(900);
                });
            }));
        }
    }

    /** A thread step of 1000 ns at 0 whose next step (its own, not a wake-up) is queued at its end. */
    private void threadWithANextStep() {
        host.run(0, Priority.THREAD, "step", () -> {
            host.charge(1000);
            host.run(0, Priority.THREAD, "next", () -> {
                log.add("next@" + host.now());
                host.charge(100);
            });
        });
    }

    @Test
    void after_max_softirq_restart_rounds_the_pending_soft_irq_goes_to_ksoftirqd_behind_the_waiting_thread() {
        host.softirqKsoftirqd(true);
        threadWithANextStep();
        interruptsEvery1000ns(500, 15_500);
        sim.loop().run();

        // the loop starts at 1100 (the IRQ of 500 ran after the step); each round is one soft-IRQ, and every round
        // finds the next IRQ's raise pending: rounds at 1100, 2100, ..., 10100, then the 11th raise is deferred
        List<String> inline = log.subList(0, SimHost.MAX_SOFTIRQ_RESTART);
        assertThat(inline.get(0)).isEqualTo("softirq@1100");
        assertThat(inline.get(SimHost.MAX_SOFTIRQ_RESTART - 1)).isEqualTo("softirq@10100");
        assertThat(log.get(SimHost.MAX_SOFTIRQ_RESTART)).isEqualTo("next@11100");
        // ksoftirqd runs the deferred soft-IRQ after the thread, switched in at the host's context-switch cost
        assertThat(log.get(SimHost.MAX_SOFTIRQ_RESTART + 1)).isEqualTo("softirq@" + (11200 + TestCosts.CONTEXT_SWITCH));
    }

    @Test
    void without_the_rule_the_same_thread_waits_for_max_softirq_time_or_the_interrupts_end() {
        threadWithANextStep();
        interruptsEvery1000ns(500, 15_500);
        sim.loop().run();

        // the interrupts keep the core for 16 us, less than MAX_SOFTIRQ_TIME
        assertThat(log).hasSize(17).last().isEqualTo("next@17000");
    }

    @Test
    void a_thread_woken_on_the_core_ends_the_loop_at_the_end_of_its_round() {
        host.softirqKsoftirqd(true);
        host.run(0, Priority.SOFT_IRQ, "tasklet", () -> {
            host.charge(500);
            host.run(0, Priority.THREAD, "woken", () -> log.add("woken@" + host.now())); // try_to_wake_up
            host.charge(500);
        });
        interruptsEvery1000ns(200, 200);
        sim.loop().run();

        // round 1 ends at 1000 with the IRQ of 200's raise pending and need_resched() set: the woken thread first
        assertThat(log).containsExactly("woken@1100", "softirq@" + (1100 + TestCosts.CONTEXT_SWITCH));
    }

    @Test
    void without_a_wake_up_the_raise_pending_at_the_round_end_runs_inline_in_a_restart() {
        host.softirqKsoftirqd(true);
        host.run(0, Priority.SOFT_IRQ, "tasklet", () -> host.charge(1000));
        interruptsEvery1000ns(200, 200);
        sim.loop().run();

        assertThat(log).containsExactly("softirq@1100");
    }

    @Test
    void a_tasklets_next_batch_continues_its_round_and_is_no_restart() {
        host.softirqKsoftirqd(true);
        int[] batches = {0};
        Runnable[] tasklet = new Runnable[1];
        tasklet[0] = () -> {
            host.charge(1000);
            if (++batches[0] < 3 * SimHost.MAX_SOFTIRQ_RESTART) host.run(0, Priority.SOFT_IRQ, "tasklet", tasklet[0]);
        };
        host.run(0, Priority.THREAD, "step", () -> {
            host.charge(10);
            host.run(0, Priority.SOFT_IRQ, "tasklet", tasklet[0]);
            host.run(0, Priority.THREAD, "next", () -> log.add("next@" + host.now()));
        });
        sim.loop().run();

        assertThat(log).containsExactly("next@" + (10 + 3 * SimHost.MAX_SOFTIRQ_RESTART * 1000));
    }

    @Test
    void ksoftirqd_takes_turns_with_a_busy_thread_until_a_hard_irq_interrupting_the_thread_runs_the_rest_inline() {
        host.softirqKsoftirqd(true);
        // a thread that always has a next step of 1000 ns, until 40 us
        Runnable[] step = new Runnable[1];
        step[0] = () -> {
            log.add("thread@" + host.now());
            host.charge(1000);
            if (host.now() < 40_000) host.run(0, Priority.THREAD, "step", step[0]);
        };
        // a tasklet of 20 batches of 1000 ns, scheduled from a wake-up's loop: deferred at once
        int[] batches = {0};
        Runnable[] tasklet = new Runnable[1];
        tasklet[0] = () -> {
            log.add("tasklet@" + host.now());
            host.charge(1000);
            if (++batches[0] < 20) host.run(0, Priority.SOFT_IRQ, "tasklet", tasklet[0]);
        };
        host.run(0, Priority.SOFT_IRQ, "waker", () -> {
            host.charge(100);
            host.run(0, Priority.THREAD, "step", step[0]); // a wake-up: need_resched()
        });
        sim.loop().at(50, () -> host.run(0, Priority.SOFT_IRQ, "tasklet", tasklet[0])); // raised during the waker
        sim.loop().at(6_500, () -> host.run(0, Priority.HARD_IRQ, "irq", () -> host.charge(100)));
        sim.loop().run();

        long cs = TestCosts.CONTEXT_SWITCH;
        assertThat(log.subList(0, 4)).containsExactly("thread@100", "tasklet@" + (1100 + cs), "thread@" + (2100 + cs),
                "tasklet@" + (3100 + 2 * cs));
        // the IRQ of 6500 waits for the thread step that runs then, and at its exit the tasklet runs inline (no
        // switch to ksoftirqd): the 18 batches left, back to back, before the thread's next step
        int interrupted = log.indexOf("thread@" + (4100 + 2 * cs));
        assertThat(interrupted).isEqualTo(4);
        assertThat(log.get(interrupted + 1)).isEqualTo("tasklet@" + (5200 + 2 * cs));
        assertThat(log.subList(interrupted + 1, log.size()).stream().takeWhile(e -> e.startsWith("tasklet")).count())
                .isEqualTo(20 - 2);
    }

    @Test
    void the_rule_and_interrupt_stealing_are_not_combined() {
        host.softirqKsoftirqd(true);
        assertThatThrownBy(() -> host.irqPreemptsThreads(true))
                .hasMessage("host 'h': host.irq-preempts-threads and host.softirq-ksoftirqd cannot both be true");
    }
}
