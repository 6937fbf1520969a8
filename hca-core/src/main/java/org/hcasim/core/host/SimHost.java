package org.hcasim.core.host;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.EventTarget;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Tracer;
import org.hcasim.host.Cancellable;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.HostMemory;
import org.hcasim.host.Priority;
import org.hcasim.host.SpinLock;
import org.hcasim.host.WorkQueue;
import org.hcasim.verbs.RdmaDevice;

/**
 * A simulated host: N cores running non-preemptive tasks (hard-IRQ before soft-IRQ before thread, FIFO
 * within a priority; a thread waiting behind {@link #MAX_SOFTIRQ_TIME_NS} of back-to-back interrupts goes next), CPU accounting, timers, locks, work queues, memory and its RDMA devices. With
 * {@link #irqPreemptsThreads(boolean)} an interrupt instead steals time from a thread task booked on its core; with
 * {@link #softirqKsoftirqd(boolean)} soft-IRQ work follows the kernel's whole exit rule, with ksoftirqd ({@link SoftirqLoop}).
 *
 * <p>A task runs inside one event-loop event at its start time {@code s}. While it runs, {@link #now()} is
 * {@code s + charged (+ slept)}; when it returns, its core is busy until that time and then takes the next
 * ready task. A task queued with a stamp later than the loop's clock (from inside a task that has charged
 * time) is entered into the ready queue by an event at that stamp, so it never starts before it was queued.
 */
public final class SimHost implements Host {
    /**
     * MAX_SOFTIRQ_TIME (kernel/softirq.c): interrupt work that has run this long back to back lets a waiting thread
     * in (the pending soft-IRQs go to ksoftirqd), so process-context work on a vector core is never starved.
     */
    static final long MAX_SOFTIRQ_TIME_NS = 2_000_000;
    /** MAX_SOFTIRQ_RESTART (kernel/softirq.c): rounds of one inline soft-IRQ loop before ksoftirqd takes the rest. */
    static final int MAX_SOFTIRQ_RESTART = 10;

    private final Simulation sim;
    private final EventLoop loop;
    private final Tracer tracer;
    private final String name;
    private final Core[] cores;
    private final HostMemory memory;
    private org.hcasim.host.DataFaults dataFaults = org.hcasim.host.DataFaults.NONE;
    private final CpuCosts costs;
    private final List<RdmaDevice> devices = new ArrayList<>();
    private final Map<String, SimLock> locks = new LinkedHashMap<>();
    private final Map<String, WorkQueue> workQueues = new LinkedHashMap<>();
    private final String[] coreTracks;

    // The task running now (at most one: tasks run inside single events).
    private Core current;
    private Priority currentPriority;
    private long taskStart;
    private long taskElapsed;
    private long taskCharged;
    private final List<SimLock> locksHeld = new ArrayList<>(2);
    private final InboundDmaRate inboundDma = new InboundDmaRate();
    /** Enters a task (the argument) into the ready queue of the core numbered by the operation, at its stamp. */
    private final EventTarget enqueueAtStamp;
    /** Tasks that have run, handed out again: the host queues a task for nearly every stage of every I/O. */
    private final Core.Task[] spareTasks = new Core.Task[256];
    private int spareTaskCount;
    private final double llcPollutionNsPerByte;
    private final int sockets;
    private final long lineTransferNs;
    private final long remoteLineTransferNs;
    /** Hard and soft IRQs steal time from a thread task on their core instead of waiting for it (off by default). */
    private boolean irqPreemptsThreads;
    /** Soft-IRQ work follows the kernel's whole exit rule, with ksoftirqd (off by default). */
    private boolean ksoftirqd;
    /** Time a hard IRQ reaching an idle core waits for the core to leave its idle state (0: none, the default). */
    private long cpuidleExitNs;
    /** A CQ's polling pass reaps only what its poll_cq batches find (off by default). */
    private boolean cqPollBatches;

    public SimHost(Simulation sim, String name, int coreCount, CpuCosts costs, HostMemory memory) {
        this(sim, name, coreCount, 1, costs, memory);
    }

    /** A host whose cores are split evenly over {@code sockets} CPU packages, in core order. */
    public SimHost(Simulation sim, String name, int coreCount, int sockets, CpuCosts costs, HostMemory memory) {
        if (coreCount < 1) {
            throw new IllegalArgumentException("host '" + name + "' needs at least one core, got " + coreCount);
        }
        if (sockets < 1 || sockets > coreCount) {
            throw new IllegalArgumentException("host '" + name + "': " + sockets + " sockets for " + coreCount + " cores");
        }
        this.sockets = sockets;
        this.lineTransferNs = optionalNs(costs, CpuCosts.CACHELINE_TRANSFER, 0);
        this.remoteLineTransferNs = optionalNs(costs, CpuCosts.CACHELINE_TRANSFER_REMOTE, 0);
        this.sim = sim;
        this.loop = sim.loop();
        this.tracer = sim.tracer();
        this.name = name;
        this.costs = costs;
        this.llcPollutionNsPerByte = optionalPerByte(costs, CpuCosts.LLC_POLLUTION);
        this.memory = memory;
        this.cores = new Core[coreCount];
        this.enqueueAtStamp = (core, task) -> enqueue(cores[core], (Core.Task) task);
        this.coreTracks = new String[coreCount];
        for (int i = 0; i < coreCount; i++) {
            Core c = sim.resources().register(new Core(name + "/cpu" + i, i));
            c.dispatcher = () -> dispatch(c);
            c.stealer = () -> steal(c);
            cores[i] = c;
            coreTracks[i] = name + "/cpu" + i;
        }
        sim.addHost(this);
    }

    @Override
    public String name() {
        return name;
    }

    /**
     * Lets hard-IRQ and soft-IRQ tasks that arrive while a thread task's booked time runs on their core run at once
     * and push the thread's end later by their own time ({@code host.irq-preempts-threads}); off, they wait for it.
     */
    public void irqPreemptsThreads(boolean on) {
        requireNotBoth(on, ksoftirqd);
        this.irqPreemptsThreads = on;
    }

    /**
     * Runs soft-IRQ work by the kernel's whole rule ({@code host.softirq-ksoftirqd}, {@link SoftirqLoop}): an inline
     * loop ends after {@link #MAX_SOFTIRQ_RESTART} rounds, {@link #MAX_SOFTIRQ_TIME_NS} or a wake-up on its core, and
     * ksoftirqd then shares the core with its threads; off, only the 2 ms bound lets a waiting thread in. Set before
     * the host runs anything.
     */
    public void softirqKsoftirqd(boolean on) {
        requireNotBoth(on, irqPreemptsThreads);
        if (on && !ksoftirqd) {
            for (Core c : cores) {
                c.useSoftirqLoop(MAX_SOFTIRQ_TIME_NS, MAX_SOFTIRQ_RESTART,
                        new Core.Task(Priority.THREAD, "ksoftirqd/" + c.index(), null));
            }
        }
        if (!on && ksoftirqd) {
            throw new IllegalStateException("host '" + name + "': host.softirq-ksoftirqd cannot be turned off again");
        }
        this.ksoftirqd = on;
    }

    /**
     * A hard IRQ that reaches an idle core (no task running, none queued, its last task ended before now) starts
     * {@code ns} later: the core first leaves its idle state (intel_idle's exit latency, {@code
     * host.cpuidle.exit-latency-ns}). The wait is not CPU time; tasks queued meanwhile wait with it. One fixed
     * latency, no governor: every idle gap, however short, pays it. 0 (the default): no wait.
     */
    public void cpuidleExitNs(long ns) {
        if (ns < 0) {
            throw new IllegalArgumentException("host '" + name + "': negative cpuidle exit latency " + ns + " ns");
        }
        this.cpuidleExitNs = ns;
    }

    /**
     * A CQ's polling pass reaps what the kernel's poll loop finds ({@code host.cq-poll-batches}): __ib_process_cq
     * calls poll_cq for batches of 16 and polls again only after a full batch, so a CQE written after the pass's last
     * poll waits for the re-arm, where the HCA raises an event for it under the CQ's moderation (mlx5_ib_arm_cq
     * reports missed events only for software-flushed entries; the arm doorbell carries the consumer index). Off (the
     * default): every CQE written before the pass re-arms is reaped by a continuation of the pass on its core.
     */
    public void cqPollBatches(boolean on) {
        this.cqPollBatches = on;
    }

    /** See {@link #cqPollBatches(boolean)}. */
    public boolean cqPollBatches() {
        return cqPollBatches;
    }

    /** The two interrupt rules exclude each other: {@code on} for one while {@code other} is set is an error. */
    private void requireNotBoth(boolean on, boolean other) {
        if (on && other) {
            throw new IllegalArgumentException("host '" + name + "': host.irq-preempts-threads and host.softirq-ksoftirqd"
                    + " cannot both be true");
        }
    }

    public Simulation simulation() {
        return sim;
    }

    @Override
    public int coreCount() {
        return cores.length;
    }

    public Core core(int index) {
        checkCore(index);
        return cores[index];
    }

    @Override
    public long now() {
        return current != null ? taskStart + taskElapsed : loop.now();
    }

    @Override
    public long charge(long ns) {
        requireTask("charge()");
        if (ns < 0) {
            throw new IllegalArgumentException("negative CPU charge " + ns + " ns");
        }
        long used = llcPollutionNsPerByte == 0 ? ns
                : Math.round(ns * (1 + llcPollutionNsPerByte * inboundDma.bytesPerNs(now())));
        taskCharged += used;
        taskElapsed += used;
        return used;
    }

    /**
     * Keeps the current task's core busy for {@code ns} of waiting (spinning on a lock, polling for a firmware
     * command): CPU time, but time that passes rather than work, so cache pollution does not stretch it.
     */
    public void busyWait(long ns) {
        requireTask("busyWait()");
        if (ns < 0) {
            throw new IllegalArgumentException("negative busy wait " + ns + " ns");
        }
        taskCharged += ns;
        taskElapsed += ns;
    }

    /**
     * A device wrote {@code bytes} into this host's memory at {@code t}. While the inbound rate is r bytes/ns,
     * CPU work takes (1 + llc-pollution x r) times its nominal cost: a core running for d ns meets the
     * d x r bytes DMA'd meanwhile, each evicting cache it would otherwise hit.
     */
    public void inboundDma(long t, long bytes) {
        inboundDma.add(t, bytes);
    }

    /** The socket (CPU package) core {@code core} is on. */
    public int socketOf(int core) {
        checkCore(core);
        return (int) ((long) core * sockets / cores.length);
    }

    /**
     * CPU time one core waits for a cache line that core {@code from} wrote last: 0 on the same core, the
     * profile's {@code cacheline-transfer} within a socket, {@code cacheline-transfer-remote} across sockets
     * (0 when the profile defines neither).
     */
    @Override
    public long lineTransferNs(int from, int to) {
        if (from == to || from < 0) return 0;
        return socketOf(from) == socketOf(to) ? lineTransferNs : remoteLineTransferNs;
    }

    /** A cost a profile may leave out: {@code absent} when it does. */
    static long optionalNs(CpuCosts costs, String operation, long absent) {
        try {
            return costs.ns(operation);
        } catch (IllegalArgumentException notInProfile) {
            return absent;
        }
    }

    private static double optionalPerByte(CpuCosts costs, String operation) {
        try {
            return costs.nsPerByte(operation);
        } catch (IllegalArgumentException notInProfile) {
            return 0;
        }
    }

    /**
     * Advances the current task's time by {@code ns} without using the CPU: a sleeping wait (e.g. for a
     * firmware command). The core runs nothing else meanwhile (tasks are not preempted).
     */
    public void sleep(long ns) {
        requireTask("sleep()");
        if (ns < 0) {
            throw new IllegalArgumentException("negative sleep " + ns + " ns");
        }
        taskElapsed += ns;
    }

    /** Sleeps until {@code t} if that is later than {@link #now()}. */
    public void sleepUntil(long t) {
        long now = now();
        if (t > now) {
            sleep(t - now);
        }
    }

    @Override
    public int currentCore() {
        return current == null ? -1 : current.index();
    }

    @Override
    public Priority currentPriority() {
        return current == null ? null : currentPriority;
    }

    @Override
    public void run(int core, Priority priority, String label, Runnable task) {
        run(core, task(priority, null, label, task));
    }

    /**
     * Runs {@code work} on {@code core} at thread priority as work of {@code queue}: after the queue's dispatch,
     * labelled {@code queue:label}.
     */
    void runWork(int core, SimWorkQueue queue, String label, Runnable work) {
        run(core, task(Priority.THREAD, queue, label, work));
    }

    private void run(int core, Core.Task t) {
        checkCore(core);
        // only the ksoftirqd rule reads it: without it, nothing more per task
        t.continuation = ksoftirqd && current != null && current.index() == core && currentPriority == t.priority();
        long stamp = now();
        if (stamp > loop.now()) {
            loop.at(stamp, enqueueAtStamp, core, t);
        } else {
            enqueue(cores[core], t);
        }
    }

    @Override
    public Cancellable timer(long delayNs, int core, String label, Runnable task) {
        checkCore(core);
        if (delayNs < 0) {
            throw new IllegalArgumentException("negative timer delay " + delayNs + " ns");
        }
        Core.Task t = task(Priority.SOFT_IRQ, null, label, task);
        long handle = loop.at(now() + delayNs, enqueueAtStamp, core, t);
        return () -> loop.cancel(handle);
    }

    /** A task from the spares that have run, or a new one. */
    private Core.Task task(Priority priority, SimWorkQueue queue, String label, Runnable body) {
        if (spareTaskCount > 0) {
            Core.Task t = spareTasks[--spareTaskCount];
            spareTasks[spareTaskCount] = null;
            return t.set(priority, queue, label, body);
        }
        return new Core.Task(priority, queue, label, body);
    }

    /** Keeps a task that has run for the next one (a cancelled timer's task is simply dropped). */
    private void recycle(Core.Task t) {
        t.clear();
        if (spareTaskCount < spareTasks.length) {
            spareTasks[spareTaskCount++] = t;
        }
    }

    private void enqueue(Core c, Core.Task t) {
        c.enqueue(t, loop.now());
        if (c.running) {
            return; // the running task's end schedules the next dispatch
        }
        if (irqPreemptsThreads && t.priority() != Priority.THREAD && c.threadBooked && loop.now() < c.freeAt) {
            if (!c.stealScheduled) {
                c.stealScheduled = true;
                loop.at(Math.max(loop.now(), c.stolenUntil), c.stealer);
            }
            return;
        }
        if (cpuidleExitNs > 0 && t.priority() == Priority.HARD_IRQ && !c.dispatchScheduled && loop.now() > c.freeAt) {
            c.dispatchScheduled = true; // the core is idle: the handler starts once it has left its idle state
            loop.at(loop.now() + cpuidleExitNs, c.dispatcher);
            return;
        }
        dispatchWhenFree(c);
    }

    /** Schedules the core's dispatch for when it is free, unless one is scheduled already. */
    private void dispatchWhenFree(Core c) {
        if (!c.dispatchScheduled) {
            c.dispatchScheduled = true;
            loop.at(Math.max(loop.now(), c.freeAt), c.dispatcher);
        }
    }

    private void dispatch(Core c) {
        if (loop.now() < c.freeAt) {
            // interrupts stole time from the booked thread after this dispatch was scheduled: wait for its new end
            loop.at(c.freeAt, c.dispatcher);
            return;
        }
        c.dispatchScheduled = false;
        Core.Task t = c.takeNext(loop.now(), MAX_SOFTIRQ_TIME_NS);
        if (t == null) {
            return;
        }
        runTask(c, t);
        if (c.hasReady()) dispatchWhenFree(c);
    }

    /**
     * Runs the ready interrupt now, inside the time booked by the core's thread task, and pushes the thread's end
     * (the core's {@code freeAt}) later by the interrupt's elapsed time: a hard IRQ, and on irq_exit the soft-IRQs
     * it raised, run on the interrupted core at once and delay the interrupted thread by their duration. What the
     * thread's body already scheduled at stamps inside its run (posts, wake-ups) is not moved; its next task is.
     */
    private void steal(Core c) {
        c.stealScheduled = false;
        long start = loop.now();
        if (!c.threadBooked || start >= c.freeAt || !c.hasReadyInterrupt()) {
            if (c.hasReady()) dispatchWhenFree(c); // the thread's time is over: the ordinary dispatch runs it
            return;
        }
        long threadEnd = c.freeAt;
        runTask(c, c.takeNext()); // an interrupt is ready, so the highest-priority task is one
        c.stolenUntil = c.freeAt;
        c.freeAt = threadEnd + (c.stolenUntil - start);
        c.threadBooked = true;
        if (c.hasReadyInterrupt()) {
            c.stealScheduled = true;
            loop.at(c.stolenUntil, c.stealer);
        }
        if (c.hasReady()) dispatchWhenFree(c);
    }

    /** Runs {@code t} on {@code c} at the loop's time; the core is busy until {@code c.freeAt} afterwards. */
    private void runTask(Core c, Core.Task t) {
        c.running = true;
        current = c;
        currentPriority = t.priority();
        taskStart = loop.now();
        taskElapsed = 0;
        taskCharged = 0;
        try {
            if (c.switchesToKsoftirqd(t)) {
                charge(costs.ns(CpuCosts.CONTEXT_SWITCH)); // the scheduler switches to ksoftirqd
            }
            SimWorkQueue wq = t.queue();
            if (wq != null) {
                // even 0: charging advances the inbound-DMA rate's decay, as it always did
                charge(wq.dispatchNs(c.index(), c.busySince()));
            }
            t.body().run();
            if (!locksHeld.isEmpty()) {
                throw new IllegalStateException("task '" + t.label() + "' on " + c.name() + " ended holding lock '"
                        + locksHeld.get(0).name() + "'");
            }
        } finally {
            locksHeld.clear();
            current = null;
            c.running = false;
            c.freeAt = taskStart + taskElapsed;
            c.threadBooked = t.priority() == Priority.THREAD;
            if (t.queue() != null) {
                t.queue().workEnded(c.index(), c.freeAt);
            }
            c.taskEnded();
            c.account(t.priority(), taskCharged);
            if (tracer.on() && taskElapsed > 0) {
                tracer.sink().span(coreTracks[c.index()], t.label(), taskStart, taskElapsed);
            }
            recycle(t);
        }
    }

    @Override
    public SimLock spinLock(String lockName) {
        return lock(lockName, false);
    }

    @Override
    public SpinLock mutex(String lockName) {
        return lock(lockName, true);
    }

    private SimLock lock(String lockName, boolean sleeping) {
        String full = name + "/" + lockName;
        if (locks.containsKey(full)) {
            throw new IllegalArgumentException("host '" + name + "' already has a lock named '" + lockName + "'");
        }
        SimLock l = sim.resources().register(new SimLock(this, full, sleeping));
        locks.put(full, l);
        return l;
    }

    void lockTaken(SimLock l) {
        locksHeld.add(l);
    }

    void lockReleased(SimLock l) {
        locksHeld.remove(l);
    }

    @Override
    public WorkQueue workQueue(String wqName) {
        return workQueues.computeIfAbsent(wqName, n -> new SimWorkQueue(this, n));
    }

    @Override
    public org.hcasim.host.DataFaults dataFaults() {
        return dataFaults;
    }

    /** The faults the run injects into block data on this host (docs/faults.md). */
    public void dataFaults(org.hcasim.host.DataFaults faults) {
        this.dataFaults = java.util.Objects.requireNonNull(faults, "faults");
    }

    @Override
    public HostMemory memory() {
        return memory;
    }

    @Override
    public CpuCosts cpuCosts() {
        return costs;
    }

    @Override
    public List<RdmaDevice> devices() {
        return Collections.unmodifiableList(devices);
    }

    /** Installs a device (called by the HCA model when it is created on this host). */
    public void addDevice(RdmaDevice device) {
        devices.add(device);
    }

    /** CPU busy time of all cores since the last reset, ns. */
    @Override
    public long busyNs() {
        long sum = 0;
        for (Core c : cores) {
            sum += c.busyNs();
        }
        return sum;
    }

    @Override
    public long busyNs(int core, Priority priority) {
        return core(core).busyNs(priority);
    }

    /**
     * Host CPU utilisation in percent of all cores over {@code intervalNs}, as the reference tables report
     * it (100% = every core busy all the time).
     */
    public double cpuPercent(long intervalNs) {
        return intervalNs <= 0 ? 0.0 : 100.0 * busyNs() / ((double) intervalNs * cores.length);
    }

    void requireTask(String what) {
        if (current == null) {
            throw new IllegalStateException(what + " called outside a task on host '" + name + "'");
        }
    }

    private void checkCore(int core) {
        if (core < 0 || core >= cores.length) {
            throw new IllegalArgumentException("core " + core + " does not exist on host '" + name + "' ("
                    + cores.length + " cores)");
        }
    }

    @Override
    public String toString() {
        return "SimHost[" + name + ", " + cores.length + " cores]";
    }
}
