package org.hcasim.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.Priority;
import org.junit.jupiter.api.Test;

/** host.cpuidle.exit-latency-ns: a hard IRQ reaching an idle core starts once the core has left its idle state. */
class CpuidleExitTest {
    private final Simulation sim = new Simulation(42);
    private final SimHost host = new SimHost(sim, "h", 2, TestCosts.costs(), new SparseHostMemory("h", PayloadMode.ELIDED));
    private final List<String> log = new ArrayList<>();

    private void irqAt(long t, String label) {
        sim.loop().at(t, () -> host.run(0, Priority.HARD_IRQ, label, () -> {
            log.add(label + "@" + host.now());
            host.charge(100);
        }));
    }

    @Test
    void an_interrupt_on_an_idle_core_starts_after_the_exit_latency_which_is_not_cpu_time() {
        host.cpuidleExitNs(2000);
        irqAt(500, "irq");
        sim.loop().run();

        assertThat(log).containsExactly("irq@2500");
        assertThat(host.core(0).busyNs(Priority.HARD_IRQ)).isEqualTo(100);
    }

    @Test
    void an_interrupt_on_a_busy_core_is_not_delayed_and_only_a_hard_irq_pays_the_exit() {
        host.cpuidleExitNs(2000);
        sim.loop().at(500, () -> host.run(0, Priority.THREAD, "thread", () -> {
            log.add("thread@" + host.now());
            host.charge(1000);
        }));
        irqAt(700, "irq");
        sim.loop().run();

        assertThat(log).containsExactly("thread@500", "irq@1500"); // it waits for the thread, not for a wake-up
    }

    @Test
    void work_queued_while_the_core_wakes_waits_with_the_interrupt() {
        host.cpuidleExitNs(2000);
        irqAt(500, "first");
        irqAt(1500, "second");
        sim.loop().run();

        assertThat(log).containsExactly("first@2500", "second@2600");
    }

    @Test
    void zero_exit_latency_starts_the_handler_at_once() {
        irqAt(500, "irq");
        sim.loop().run();

        assertThat(log).containsExactly("irq@500");
    }

    @Test
    void a_negative_exit_latency_is_an_error() {
        assertThatThrownBy(() -> host.cpuidleExitNs(-1)).hasMessage("host 'h': negative cpuidle exit latency -1 ns");
    }
}
