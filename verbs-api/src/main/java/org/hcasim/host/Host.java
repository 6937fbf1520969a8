package org.hcasim.host;

import java.util.List;

/**
 * The host services a ULP may use: its cores, CPU accounting, timers, locks, work queues and memory.
 * All times are simulated nanoseconds. Everything runs on the simulation's single thread.
 *
 * <p>Work runs as tasks on cores ({@link #run}); a task is never preempted. Inside a task, code calls
 * {@link #charge} for the CPU time it spends; {@link #now()} then returns task start + charged so far, and
 * everything the task causes (posting a WQE, ringing a doorbell, queuing another task) is stamped with it.
 */
public interface Host {
    String name();

    /** Number of CPU cores. */
    int coreCount();

    /** Current simulated time: inside a task, the task's start plus what it has charged so far. */
    long now();

    /**
     * Charges {@code ns} of CPU work to the task running now; an error outside a task.
     *
     * @return the CPU time the work took on this host, which can exceed {@code ns} when the host runs slower
     *         than the nominal cost (e.g. its caches are polluted by inbound DMA)
     */
    long charge(long ns);

    /** True while a task runs (so {@link #charge} is allowed). */
    default boolean inTask() {
        return currentCore() >= 0;
    }

    /** Core the current task runs on, or -1 outside a task. */
    int currentCore();

    /**
     * CPU time core {@code toCore} waits for a cache line that core {@code fromCore} wrote last: 0 on the same core
     * (or for {@code fromCore} -1, unknown), the profile's {@code cacheline-transfer} within a socket and
     * {@code cacheline-transfer-remote} across sockets; 0 on a host that does not model caches.
     */
    default long lineTransferNs(int fromCore, int toCore) {
        return 0;
    }

    /** Priority of the current task, or {@code null} outside a task. */
    Priority currentPriority();

    /** Queues a task on a core at {@link #now()}; it runs when no higher-priority or earlier task is ready. */
    void run(int core, Priority priority, String label, Runnable task);

    /** Runs {@code task} on {@code core} at soft-IRQ priority {@code delayNs} after {@link #now()}. */
    Cancellable timer(long delayNs, int core, String label, Runnable task);

    /** A spin lock: a contended acquire charges the spinning to the waiting core. */
    SpinLock spinLock(String name);

    /** A sleeping mutex: a contended acquire sleeps (core not busy) and pays a context switch and wake-up. */
    SpinLock mutex(String name);

    /** A kernel-style work queue (thread priority on the given core). */
    WorkQueue workQueue(String name);

    /** Host memory addressed by I/O virtual address. */
    HostMemory memory();

    /** The faults a run injects into block data on this host, and the account of the checks that catch them. */
    default DataFaults dataFaults() {
        return DataFaults.NONE;
    }

    /** CPU cost constants of this host's profile. */
    CpuCosts cpuCosts();

    /** The RDMA devices installed in this host. */
    List<org.hcasim.verbs.RdmaDevice> devices();

    /**
     * CPU busy time of all cores added up, ns, since the host's statistics were last reset (the start of the
     * measured interval of a run): what tools such as rds-stress -c turn into a CPU percentage.
     */
    default long busyNs() {
        throw new UnsupportedOperationException("host " + name() + " does not account CPU time");
    }

    /**
     * CPU busy time of one core in tasks of one priority, ns, since the host's statistics were last reset: what a
     * workload reads to say what bounds it (a core busy with interrupts, soft interrupts or threads).
     */
    default long busyNs(int core, Priority priority) {
        throw new UnsupportedOperationException("host " + name() + " does not account CPU time per core");
    }
}
