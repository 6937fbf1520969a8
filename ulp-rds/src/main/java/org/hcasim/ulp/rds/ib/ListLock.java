package org.hcasim.ulp.rds.ib;

import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.SpinLock;

/**
 * A spin lock RDS holds only for a few list operations (cp_lock around the send and retransmit queues,
 * rs_recv_lock around a socket's receive queue).
 *
 * <p>Uncontended ({@link #ListLock(Host)}): each acquisition costs the host's uncontended lock-acquire time and
 * nothing else; the lock is not booked on the timeline, since the engine would book it for a whole task and the
 * tasks that take these locks (a thread's step, a tasklet's pass) last far longer than the hold times.
 *
 * <p>Contended ({@link #contended}): each acquisition is a critical section of known length on the host's spin-lock
 * model ({@link SpinLock#criticalSection}): the holds are served in arrival order on the timeline, a waiter spins
 * for the holds ahead of it, and the lock's line (and the lines written under it) moves from the cores that held it
 * lately. The work under the lock is the host's {@code queue-lock-hold} per list item handled.
 */
final class ListLock {
    private final Host host;
    private final SpinLock model;
    /** The host's uncontended lock-acquire cost (a host's costs do not change during a run). */
    private final long acquireNs;
    private final long holdNs;
    private long extraNs;

    ListLock(Host host) {
        this.host = host;
        this.model = null;
        this.acquireNs = host.cpuCosts().ns(CpuCosts.LOCK_ACQUIRE);
        this.holdNs = 0;
    }

    private ListLock(Host host, SpinLock model) {
        this.host = host;
        this.model = model;
        this.acquireNs = host.cpuCosts().ns(CpuCosts.LOCK_ACQUIRE);
        this.holdNs = host.cpuCosts().ns(CpuCosts.QUEUE_LOCK_HOLD);
    }

    /** A lock on the host's spin-lock model, named {@code name} in the host's lock statistics. */
    static ListLock contended(Host host, String name) {
        return new ListLock(host, host.spinLock(name));
    }

    /** Takes and releases the lock around one list operation that writes no line besides the lock's own. */
    void around() {
        around(1, 0);
    }

    /**
     * Takes and releases the lock around {@code items} list operations that write {@code dataLines} cache lines
     * besides the lock's own (the contended model's transfers; the uncontended lock charges its acquisition only).
     */
    void around(int items, int dataLines) {
        if (model == null) {
            host.charge(acquireNs);
        } else {
            long work = items * holdNs;
            long before = host.now();
            model.criticalSection(work, dataLines);
            extraNs += host.now() - before - work - acquireNs;
        }
    }

    /** Time the contended model spent beyond the acquisition and the work: spinning and line transfers. */
    long extraNs() {
        return extraNs;
    }
}
