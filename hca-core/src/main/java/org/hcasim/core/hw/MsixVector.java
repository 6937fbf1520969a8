package org.hcasim.core.hw;

import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.EventTarget;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;

/**
 * One MSI-X interrupt vector, affine to one core. Raising it runs the handler as a hard-IRQ task on that
 * core, framed by the host profile's interrupt entry and exit costs.
 */
public final class MsixVector {
    private final EventLoop loop;
    private final org.hcasim.core.sim.Tracer tracer;
    private final Host host;
    private final String name;
    private final int core;
    private long raised;
    /** Runs an interrupt's task (the argument) as a hard IRQ on the vector's core. */
    private final EventTarget deliver;
    /** The handler of the last interrupt and its task: an event queue raises its vector with one handler. */
    private Runnable lastHandler;
    private Runnable lastTask;

    public MsixVector(Simulation sim, Host host, String name, int core) {
        if (core < 0 || core >= host.coreCount()) {
            throw new IllegalArgumentException("interrupt vector '" + name + "' affine to core " + core + ", but host '"
                    + host.name() + "' has " + host.coreCount() + " cores");
        }
        this.loop = sim.loop();
        this.tracer = sim.tracer();
        this.host = host;
        this.name = name;
        this.core = core;
        this.deliver = (op, task) -> host.run(this.core, Priority.HARD_IRQ, this.name, (Runnable) task);
    }

    /**
     * The interrupt message reaches the CPU at {@code t} (the MSI-X write's arrival); {@code handler} then runs as
     * a hard-IRQ task on {@link #core()}.
     */
    public void raise(long t, Runnable handler) {
        raised++;
        long at = Math.max(t, loop.now());
        if (tracer.on()) {
            tracer.sink().instant(name, "msix", at);
        }
        loop.at(at, deliver, 0, task(handler));
    }

    /** The handler framed by the interrupt entry and exit costs (made once per handler). */
    private Runnable task(Runnable handler) {
        if (handler != lastHandler) {
            long entry = host.cpuCosts().ns(CpuCosts.IRQ_ENTRY);
            long exit = host.cpuCosts().ns(CpuCosts.IRQ_EXIT);
            lastHandler = handler;
            lastTask = () -> {
                host.charge(entry);
                handler.run();
                host.charge(exit);
            };
        }
        return lastTask;
    }

    public int core() {
        return core;
    }

    public String name() {
        return name;
    }

    /** Interrupts raised so far. */
    public long raised() {
        return raised;
    }
}
