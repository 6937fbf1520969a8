package org.hcasim.ulp.rds.ib;

import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;

/**
 * RDS_IN_XMIT, the bit lock in cp_flags that lets one context at a time feed a connection (send.c's
 * {@code acquire_in_xmit} / {@code release_in_xmit}), with {@code cp_send_gen}, the generation every successful
 * acquisition increments. Every attempt costs the host's {@code lock-acquire} (test_and_set_bit_lock).
 *
 * <p>With contention ({@code rds.ib.in-xmit-contention}) the bit is held on the simulated timeline from the holder's
 * acquisition to its release: an attempt at a time inside the last recorded hold fails, as the kernel's caller then
 * returns -ENOMEM without touching the queue. Tasks run whole, one after the other in the order of their start
 * times, so an attempt is compared with the last hold booked; one earlier on the timeline than that hold's start
 * succeeds (the error is bounded by one task's length, as for the engine's locks). Without contention every attempt
 * succeeds, as when one xmit ran whole inside its task.
 */
final class XmitBit {
    private final Host host;
    private final boolean contention;
    /** The host's lock-acquire cost, test_and_set_bit_lock's (a host's costs do not change during a run). */
    private final long acquireNs;
    private long heldFrom = Long.MIN_VALUE;
    private long heldTo = Long.MIN_VALUE;
    private long generation;
    private int holderCore = -1;
    private Priority holderPriority;
    private long lost;

    XmitBit(Host host, boolean contention) {
        this.host = host;
        this.contention = contention;
        this.acquireNs = host.cpuCosts().ns(CpuCosts.LOCK_ACQUIRE);
    }

    /** acquire_in_xmit at {@link Host#now()}: true if the caller now holds the bit (and cp_send_gen moved on). */
    boolean acquire() {
        host.charge(acquireNs);
        generation++;
        if (!host.inTask()) {
            return true; // outside a task (a test's set-up): nothing runs meanwhile, no hold to book
        }
        long t = host.now();
        if (contention && t >= heldFrom && t < heldTo) {
            generation--;
            lost++;
            return false;
        }
        heldFrom = t;
        heldTo = Long.MAX_VALUE;
        holderCore = host.currentCore();
        holderPriority = host.currentPriority();
        return true;
    }

    /** release_in_xmit at {@link Host#now()}. */
    void release() {
        if (host.inTask()) {
            heldTo = host.now();
        }
    }

    /** cp_send_gen: how many times the bit has been taken. */
    long generation() {
        return generation;
    }

    /** The core of the last holder (-1 outside a task). */
    int holderCore() {
        return holderCore;
    }

    /** The priority the last holder ran at ({@code null} outside a task). */
    Priority holderPriority() {
        return holderPriority;
    }

    /** Attempts that found the bit held (the kernel's s_send_lock_contention). */
    long lost() {
        return lost;
    }
}
