package org.hcasim.core.hw;

import org.hcasim.core.sim.EventLoop;
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
    }

    /**
     * The interrupt message reaches the CPU at {@code t} (the MSI-X write's arrival); {@code handler} then runs as
     * a hard-IRQ task on {@link #core()}.
     */
    public void raise(long t, Runnable handler) {
        raised++;
        long entry = host.cpuCosts().ns(CpuCosts.IRQ_ENTRY);
        long exit = host.cpuCosts().ns(CpuCosts.IRQ_EXIT);
        Runnable task = () -> {
            host.charge(entry);
            handler.run();
            host.charge(exit);
        };
        long at = Math.max(t, loop.now());
        if (tracer.on()) {
            tracer.sink().instant(name, "msix", at);
        }
        loop.at(at, () -> host.run(core, Priority.HARD_IRQ, name, task));
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
