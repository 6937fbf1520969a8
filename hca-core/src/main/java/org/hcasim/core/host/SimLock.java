package org.hcasim.core.host;

import org.hcasim.core.sim.Resource;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.SpinLock;

/**
 * A spin lock or sleeping mutex as a one-unit timeline: it remembers when it is next free. A task that
 * asks for it earlier waits until then. A spin lock charges the wait to the waiting core as CPU; a mutex
 * sleeps through it (the core is not busy, but this non-preemptive model does not run other tasks on it
 * meanwhile) and pays a context switch plus the wake-up latency.
 *
 * <p>Approximation: tasks execute in order of their start times, so a task that started earlier books the
 * lock first even if a later-starting task would, in real time, have asked for it a little sooner. Tasks are
 * short, so the error is bounded by one task's length.
 */
public final class SimLock implements SpinLock, Resource {
    private final SimHost host;
    private final String name;
    private final boolean sleeping;
    private final long acquireCostNs;

    private long freeAt;
    private boolean held;
    /** Core of the last holder: the lock's cache line, and the data written under it, are in its cache. */
    private int lastCore = -1;
    private long acquiredAt;

    private long busyNs;
    private long uses;
    private long contended;
    private long transfers;
    private long waitNs;

    SimLock(SimHost host, String name, boolean sleeping) {
        this.host = host;
        this.name = name;
        this.sleeping = sleeping;
        this.acquireCostNs = host.cpuCosts().ns(CpuCosts.LOCK_ACQUIRE);
    }

    @Override
    public void lock() {
        lock(0);
    }

    /**
     * Takes the lock for a critical section that writes {@code dataLines} cache lines besides the lock's own,
     * lines the lock's last holder wrote too. On another core than that holder's, the lock's line and each of
     * them is a cache-line transfer ({@link SimHost#lineTransferNs}) inside the hold, so the lock serves fewer
     * acquisitions per second the more cores take it in turn, and every waiter spins for that.
     */
    public void lock(int dataLines) {
        host.requireTask("lock " + name);
        if (held) {
            throw new IllegalStateException("lock '" + name + "' is already held (locks are not recursive and"
                    + " must be released by the task that took them)");
        }
        long t = host.now();
        if (freeAt > t) {
            long wait = freeAt - t;
            contended++;
            waitNs += wait;
            if (sleeping) {
                host.charge(host.cpuCosts().ns(CpuCosts.CONTEXT_SWITCH));
                host.sleep(wait + host.cpuCosts().ns(CpuCosts.WAKEUP_LATENCY));
            } else {
                host.busyWait(wait);
            }
        }
        long occupiedFrom = host.now();
        int core = host.currentCore();
        long transfer = host.lineTransferNs(lastCore, core);
        if (transfer > 0) {
            transfers++;
            host.busyWait(transfer * (1 + dataLines)); // dependent misses: the core stalls, no work is done
        }
        lastCore = core;
        host.charge(acquireCostNs);
        held = true;
        acquiredAt = occupiedFrom; // the lock is occupied from when its line starts moving to this core
        uses++;
        host.lockTaken(this);
    }

    @Override
    public void unlock() {
        if (!held) {
            throw new IllegalStateException("unlock of lock '" + name + "' that is not held");
        }
        long t = host.now();
        held = false;
        freeAt = t;
        busyNs += t - acquiredAt;
        host.lockReleased(this);
    }

    boolean isHeld() {
        return held;
    }

    /** Acquisitions on another core than the last holder's (the lock's line moved), since the last reset. */
    public long transferredAcquisitions() {
        return transfers;
    }

    /** Acquisitions that had to wait, since the last reset. */
    public long contendedAcquisitions() {
        return contended;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ResourceKind kind() {
        return sleeping ? ResourceKind.MUTEX : ResourceKind.LOCK;
    }

    @Override
    public int units() {
        return 1;
    }

    @Override
    public long busyNs() {
        return busyNs;
    }

    @Override
    public long uses() {
        return uses;
    }

    @Override
    public long waitNs() {
        return waitNs;
    }

    @Override
    public void resetStats() {
        busyNs = 0;
        uses = 0;
        contended = 0;
        transfers = 0;
        waitNs = 0;
    }
}
