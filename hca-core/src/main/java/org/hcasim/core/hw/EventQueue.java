package org.hcasim.core.hw;

import java.util.ArrayDeque;
import org.hcasim.core.sim.CachedCost;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;

/**
 * An event queue (EQ) bound to one MSI-X vector. The HCA writes an event entry (EQE) over PCIe for each
 * completion event; if no interrupt of this EQ is outstanding, it raises one. The interrupt handler takes every
 * EQE that has arrived, charges the per-EQE cost, calls each CQ's completion handler, and re-arms the EQ with
 * a doorbell, so a burst of events costs one interrupt.
 */
public final class EventQueue {
    private static final int EQE_BYTES = 64;

    private final Host host;
    private final PcieLink pcie;
    private final MsixVector vector;
    private final ArrayDeque<Eqe> pending = new ArrayDeque<>();
    private boolean interruptOutstanding;
    private long events;
    private final Runnable interruptHandler = this::handleInterrupt;
    private final CachedCost pollPerEqe;
    private final CachedCost doorbellMmio;

    private record Eqe(long visibleAt, Runnable completionHandler) {
    }

    public EventQueue(Host host, PcieLink pcie, MsixVector vector) {
        this.host = host;
        this.pcie = pcie;
        this.vector = vector;
        this.pollPerEqe = new CachedCost(host.cpuCosts(), CpuCosts.CQ_POLL_PER_CQE);
        this.doorbellMmio = new CachedCost(host.cpuCosts(), CpuCosts.DOORBELL_MMIO);
    }

    /**
     * The HCA generates a completion event at {@code t} for a CQ whose handler (the CQ's {@code comp_handler})
     * is {@code completionHandler}; it runs in hard-IRQ context on the vector's core.
     */
    public void postCompletionEvent(long t, Runnable completionHandler) {
        long visible = pcie.dmaWrite(t, EQE_BYTES);
        pending.addLast(new Eqe(visible, completionHandler));
        events++;
        if (!interruptOutstanding) {
            interruptOutstanding = true;
            // The MSI-X message is a posted write issued right after the EQE; PCIe keeps posted writes in order.
            vector.raise(pcie.dmaWrite(t, 4), interruptHandler);
        }
    }

    private void handleInterrupt() {
        long perEqe = pollPerEqe.ns();
        while (!pending.isEmpty() && pending.peekFirst().visibleAt() <= host.now()) {
            Eqe e = pending.pollFirst();
            host.charge(perEqe);
            e.completionHandler().run();
        }
        host.charge(doorbellMmio.ns());
        interruptOutstanding = false;
        if (!pending.isEmpty()) {
            interruptOutstanding = true;
            vector.raise(pending.peekFirst().visibleAt(), interruptHandler);
        }
    }

    public MsixVector vector() {
        return vector;
    }

    /** Completion events posted so far. */
    public long events() {
        return events;
    }
}
