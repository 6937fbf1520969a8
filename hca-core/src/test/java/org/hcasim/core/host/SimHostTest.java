package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.TraceRecorder;
import org.hcasim.host.Cancellable;
import org.hcasim.host.Priority;
import org.hcasim.host.SpinLock;
import org.junit.jupiter.api.Test;

class SimHostTest {
    private final Simulation sim = new Simulation(42);
    private final SimHost host = new SimHost(sim, "h", 2, TestCosts.costs(), new SparseHostMemory("h", PayloadMode.REAL));
    private final List<String> log = new ArrayList<>();

    @Test
    void now_inside_a_task_is_its_start_plus_what_it_charged() {
        long[] seen = new long[2];
        sim.loop().at(1000, () -> host.run(0, Priority.THREAD, "t", () -> {
            seen[0] = host.now();
            host.charge(250);
            seen[1] = host.now();
        }));
        sim.loop().run();

        assertThat(seen).containsExactly(1000, 1250);
        assertThat(host.core(0).busyNs()).isEqualTo(250);
    }

    @Test
    void a_core_runs_one_task_at_a_time_and_the_next_starts_when_the_previous_ends() {
        for (int i = 0; i < 3; i++) {
            int n = i;
            host.run(0, Priority.THREAD, "t" + i, () -> {
                log.add("t" + n + "@" + host.now());
                host.charge(100);
            });
        }
        sim.loop().run();

        assertThat(log).containsExactly("t0@0", "t1@100", "t2@200");
    }

    @Test
    void a_thread_waiting_behind_back_to_back_soft_irqs_runs_once_they_have_taken_max_softirq_time() {
        // a tasklet that always finds more work, 10 us a run, from t = 0 to 10 ms
        Runnable[] tasklet = new Runnable[1];
        tasklet[0] = () -> {
            host.charge(10_000);
            if (host.now() < 10_000_000) host.run(0, Priority.SOFT_IRQ, "tasklet", tasklet[0]);
        };
        host.run(0, Priority.SOFT_IRQ, "tasklet", tasklet[0]);
        sim.loop().at(500_000, () -> host.run(0, Priority.THREAD, "kworker", () -> log.add("kworker@" + host.now())));
        sim.loop().run();

        // without the bound it would wait for the tasklet's end at 10 ms
        assertThat(log).containsExactly("kworker@" + SimHost.MAX_SOFTIRQ_TIME_NS);
    }

    @Test
    void ready_tasks_run_hard_irq_before_soft_irq_before_thread_without_preemption() {
        host.run(0, Priority.THREAD, "running", () -> {
            log.add("running");
            host.charge(100);
            host.run(0, Priority.THREAD, "thread", () -> log.add("thread@" + host.now()));
            host.run(0, Priority.SOFT_IRQ, "soft", () -> log.add("soft@" + host.now()));
            host.run(0, Priority.HARD_IRQ, "hard", () -> log.add("hard@" + host.now()));
            host.charge(100);
        });
        sim.loop().run();

        assertThat(log).containsExactly("running", "hard@200", "soft@200", "thread@200");
    }

    @Test
    void a_task_queued_to_another_core_is_stamped_with_the_callers_time() {
        host.run(0, Priority.THREAD, "caller", () -> {
            host.charge(700);
            host.run(1, Priority.SOFT_IRQ, "callee", () -> log.add("callee@" + host.now() + " on " + host.currentCore()));
            host.charge(300);
        });
        sim.loop().run();

        assertThat(log).containsExactly("callee@700 on 1");
    }

    @Test
    void cpu_percent_is_busy_time_over_cores_times_interval() {
        // core 0 busy 600 of 1000 ns, core 1 busy 200: (600 + 200) / (2 * 1000) = 40%.
        host.run(0, Priority.THREAD, "a", () -> host.charge(600));
        host.run(1, Priority.HARD_IRQ, "b", () -> host.charge(200));
        sim.loop().runUntil(1000);

        assertThat(host.cpuPercent(1000)).isEqualTo(40.0);
        assertThat(host.core(1).busyNs(Priority.HARD_IRQ)).isEqualTo(200);
        assertThat(host.core(1).busyNs(Priority.THREAD)).isZero();
    }

    @Test
    void a_contended_spin_lock_charges_the_spin_to_the_waiting_core() {
        SpinLock lock = host.spinLock("srq");
        host.run(0, Priority.SOFT_IRQ, "holder", () -> lock.hold(1000, host));
        host.run(1, Priority.SOFT_IRQ, "waiter", () -> {
            host.charge(100);
            lock.hold(50, host);
        });
        sim.loop().run();

        // holder: acquire 10 + hold 1000 = releases at 1010. waiter asks at 100, spins 910, then 10 + 50.
        assertThat(host.core(0).busyNs()).isEqualTo(1010);
        assertThat(host.core(1).busyNs()).isEqualTo(100 + 910 + 10 + 50);
        assertThat(((SimLock) lock).waitNs()).isEqualTo(910);
        assertThat(((SimLock) lock).contendedAcquisitions()).isEqualTo(1);
    }

    @Test
    void an_uncontended_lock_costs_only_the_acquire() {
        SpinLock lock = host.spinLock("free");
        host.run(0, Priority.THREAD, "t", () -> lock.hold(40, host));
        sim.loop().run();

        assertThat(host.core(0).busyNs()).isEqualTo(TestCosts.LOCK + 40);
    }

    @Test
    void a_contended_mutex_sleeps_through_the_wait_and_pays_a_context_switch_and_wakeup() {
        SpinLock mutex = host.mutex("cache");
        long[] after = new long[1];
        host.run(0, Priority.THREAD, "holder", () -> mutex.hold(5000, host));
        host.run(1, Priority.THREAD, "waiter", () -> {
            mutex.lock();
            after[0] = host.now();
            mutex.unlock();
        });
        sim.loop().run();

        // released at 5010; waiter: context switch 1000 charged, sleeps 5010 + wakeup 3000, then acquire 10.
        assertThat(host.core(1).busyNs()).isEqualTo(TestCosts.CONTEXT_SWITCH + TestCosts.LOCK);
        assertThat(after[0]).isEqualTo(1000 + 5010 + 3000 + 10);
    }

    @Test
    void a_task_that_ends_holding_a_lock_is_an_error() {
        SpinLock lock = host.spinLock("leak");
        host.run(0, Priority.THREAD, "leaky", lock::lock);

        assertThatThrownBy(() -> sim.loop().run())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ended holding lock 'h/leak'");
    }

    @Test
    void charging_outside_a_task_is_an_error() {
        assertThatThrownBy(() -> host.charge(1)).hasMessageContaining("outside a task");
    }

    @Test
    void a_timer_runs_its_task_at_soft_irq_after_the_delay_unless_cancelled() {
        host.timer(500, 1, "fires", () -> log.add("fired@" + host.now() + " " + host.currentPriority()));
        Cancellable c = host.timer(600, 1, "cancelled", () -> log.add("cancelled"));
        assertThat(c.cancel()).isTrue();
        sim.loop().run();

        assertThat(log).containsExactly("fired@500 SOFT_IRQ");
        assertThat(c.cancel()).isFalse();
    }

    @Test
    void work_queue_items_run_at_thread_priority_after_the_dispatch_cost() {
        host.workQueue("ib-comp").queue(1, "work", () -> log.add(host.currentPriority() + "@" + host.now()));
        sim.loop().run();

        assertThat(log).containsExactly("THREAD@" + TestCosts.WQ_DISPATCH);
    }

    @Test
    void two_runs_with_the_same_seed_give_the_same_trace_hash() {
        assertThat(tracedRun(5)).isEqualTo(tracedRun(5));
        assertThat(tracedRun(5)).isNotEqualTo(tracedRun(6));
    }

    private static long tracedRun(long seed) {
        Simulation s = new Simulation(seed);
        TraceRecorder rec = new TraceRecorder(100);
        s.trace(rec);
        SimHost h = new SimHost(s, "h", 4, TestCosts.costs(), new SparseHostMemory("h", PayloadMode.ELIDED));
        SpinLock lock = h.spinLock("l");
        var rnd = s.random("workload");
        for (int i = 0; i < 200; i++) {
            int core = rnd.nextInt(4);
            long at = rnd.nextLong(10_000);
            long work = 1 + rnd.nextLong(300);
            s.loop().at(at, () -> h.run(core, Priority.SOFT_IRQ, "w", () -> lock.hold(work, h)));
        }
        s.loop().run();
        return rec.hash();
    }
}
