package org.hcasim.host;

import java.util.List;

/**
 * The host services a ULP may use: its cores, CPU accounting, timers, locks, work queues and memory.
 * All times are simulated nanoseconds. Everything runs on the simulation's single thread.
 */
public interface Host {
    String name();

    /** Number of CPU cores. */
    int coreCount();

    /** Current simulated time: inside a task, the task's start plus what it has charged so far. */
    long now();

    /** Charges {@code ns} of CPU to the task running now; side effects after this are stamped later. */
    void charge(long ns);

    /** Core the current task runs on, or -1 outside a task. */
    int currentCore();

    /** Queues a task on a core; it runs when the core is free of higher-priority and earlier tasks. */
    void run(int core, Priority priority, String label, Runnable task);

    /** Runs {@code task} on {@code core} at soft-IRQ priority {@code delayNs} from now. */
    Cancellable timer(long delayNs, int core, String label, Runnable task);

    /** A spin lock: a contended acquire charges the spinning to the waiting core. */
    SpinLock spinLock(String name);

    /** A sleeping mutex: a contended acquire costs a sleep and a wake-up. */
    SpinLock mutex(String name);

    /** A kernel-style work queue (thread priority), one worker per core. */
    WorkQueue workQueue(String name);

    /** Host memory addressed by I/O virtual address. */
    HostMemory memory();

    /** CPU cost constants of this host's profile (ns per named operation). */
    CpuCosts cpuCosts();

    /** The RDMA devices installed in this host. */
    List<org.hcasim.verbs.RdmaDevice> devices();
}
