package org.hcasim.core.host;

import org.hcasim.core.sim.ArrivalOrderQueue;
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
 * short, so the error is bounded by one task's length. Critical sections of known length ({@link #criticalSection})
 * are served in arrival order instead: a later-starting task's earlier request goes ahead of the holds booked already
 * for later arrivals, whose work then counts after it ({@link ArrivalOrderQueue}). A lock is used either that way or
 * with {@link #lock()} / {@link #unlock()}, never both (the two book differently).
 */
public final class SimLock implements SpinLock, Resource {
    private final SimHost host;
    private final String name;
    /** What a use outside a task is reported as, built once: each use asked the host with a fresh concatenation. */
    private final String use;
    private final boolean sleeping;
    private final long acquireCostNs;
    /** The holds of {@link #criticalSection}, served first come, first served (qspinlock's queue). */
    private final ArrivalOrderQueue holds = new ArrivalOrderQueue();
    /** Which cores held the lock lately (for {@link #criticalSection}): where its line and data are likely to be. */
    private final org.hcasim.core.sim.HolderHistory holders;
    private final org.hcasim.core.sim.HolderHistory.TransferCost transferCost;

    private long freeAt;
    private boolean held;
    /** How the lock is used: {@link #UNUSED}, {@link #LOCK_UNLOCK} or {@link #CRITICAL_SECTION}. */
    private int style = UNUSED;
    private static final int UNUSED = 0;
    private static final int LOCK_UNLOCK = 1;
    private static final int CRITICAL_SECTION = 2;
    private long acquiredAt;

    private long busyNs;
    private long uses;
    private long contended;
    private long transfers;
    private long waitNs;

    SimLock(SimHost host, String name, boolean sleeping) {
        this.host = host;
        this.name = name;
        this.use = "lock " + name;
        this.sleeping = sleeping;
        this.acquireCostNs = host.cpuCosts().ns(CpuCosts.LOCK_ACQUIRE);
        this.holders = new org.hcasim.core.sim.HolderHistory(host.coreCount());
        this.transferCost = host::lineTransferNs;
    }

    @Override
    public void lock() {
        lock(0);
    }

    /**
     * A critical section of known length, {@code workNs} of CPU work that writes {@code dataLines} cache lines
     * besides the lock's own (lines the last holder wrote too): lock, work, unlock. The holds are served first come,
     * first served, as qspinlock queues its waiters ({@link ArrivalOrderQueue}): a task that asks at {@code t} waits
     * for the holds of the requests that arrived before {@code t}, even when a long task that started before it has
     * already booked holds further ahead (tasks run whole, one after the other); those then count after it. The hold
     * starts with the expected cache-line transfers from the cores that held the lock lately
     * ({@link org.hcasim.core.sim.HolderHistory}, {@link SimHost#lineTransferNs}), one more when the lock is busy
     * (qspinlock's queueing); the waiter spins until its hold starts.
     */
    public void criticalSection(long workNs, int dataLines) {
        criticalSection(workNs, dataLines, 0);
    }

    /**
     * As {@link #criticalSection(long, int)}, for a section that also writes {@code lockLineWrites} fields kept in
     * the lock's own cache line (an SRQ's head, tail and counter beside its spin lock). Uncontended they cost nothing
     * more; with a waiter spinning on the lock word, it reads the line back into its cache between the holder's
     * writes, and each write must take the line back before the next store, and the unlock, can become visible (x86
     * commits stores in order): one transfer per write.
     */
    public void criticalSection(long workNs, int dataLines, int lockLineWrites) {
        host.requireTask(use);
        requireStyle(CRITICAL_SECTION);
        if (held) {
            throw new IllegalStateException("lock '" + name + "' is held; criticalSection() cannot nest in lock()");
        }
        long t = host.now();
        int core = host.currentCore();
        boolean busy = holds.startTime(t) > t;
        double line = holders.expectedTransferNs(t, core, busy, transferCost);
        // a waiter of a queued spin lock (qspinlock) pulls the lock word to its cache when it queues up, so
        // the holder's unlock needs it back: one more transfer when the lock is busy
        double contendedTransfer = busy ? line * (1 + lockLineWrites) : 0;
        long transfer = Math.round(line * (1 + dataLines) + contendedTransfer);
        long service = transfer + acquireCostNs + workNs;
        long start = holds.book(t, service);
        holders.record(start, core);
        long wait = start - t;
        if (wait > 0) {
            contended++;
            waitNs += wait;
            host.busyWait(wait);
        }
        if (transfer > 0) {
            transfers++;
            host.busyWait(transfer);
        }
        host.charge(acquireCostNs);
        host.charge(workNs);
        busyNs += service;
        uses++;
    }

    /**
     * Takes the lock for a critical section that writes {@code dataLines} cache lines besides the lock's own,
     * lines its earlier holders wrote too: the lock's line and each of them costs the expected cache-line transfer
     * from the cores that held it lately, inside the hold, so the lock serves fewer acquisitions per second the more
     * cores take it in turn, and every waiter spins for that.
     */
    public void lock(int dataLines) {
        host.requireTask(use);
        requireStyle(LOCK_UNLOCK);
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
        long transfer = Math.round(holders.expectedTransferNs(occupiedFrom, core, false, transferCost) * (1 + dataLines));
        holders.record(occupiedFrom, core);
        if (transfer > 0) {
            transfers++;
            host.busyWait(transfer); // dependent misses: the core stalls, no work is done
        }
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

    private void requireStyle(int used) {
        if (style == UNUSED) {
            style = used;
        } else if (style != used) {
            throw new IllegalStateException("lock '" + name + "' is used both with lock()/unlock() and criticalSection()");
        }
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
