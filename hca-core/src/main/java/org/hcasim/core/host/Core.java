package org.hcasim.core.host;

import java.util.ArrayDeque;
import org.hcasim.core.sim.Resource;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.host.Priority;

/**
 * One CPU core: a ready queue per priority and the accounting of busy time (total and per priority, like
 * the {@code %irq %soft %sys} columns of mpstat). Scheduling itself is done by {@link SimHost}.
 */
public final class Core implements Resource {
    private static final Priority[] PRIORITIES = Priority.values();

    private final String name;
    private final int index;
    private final java.util.List<ArrayDeque<Task>> ready = new java.util.ArrayList<>(PRIORITIES.length);
    private final long[] busyByPriority = new long[PRIORITIES.length];
    private long tasks;

    /** Time the core finishes its current or last task. */
    long freeAt;
    /** A task is executing right now (we are inside its Runnable). */
    boolean running;
    /** A dispatch event is scheduled. */
    boolean dispatchScheduled;
    /** The dispatch action of this core, created once so scheduling a dispatch allocates nothing. */
    Runnable dispatcher;
    /** The time up to {@link #freeAt} belongs to a thread task (interrupts may steal from it when the host lets them). */
    boolean threadBooked;
    /** An interrupt-stealing dispatch is scheduled ({@link SimHost}'s irq-preempts-threads). */
    boolean stealScheduled;
    /** When the last interrupt that stole time from the booked thread ends. */
    long stolenUntil;
    /** The stealing dispatch of this core, created once. */
    Runnable stealer;
    /** Start of the core's current run of back-to-back interrupt tasks, or -1 (idle or a thread ran since). */
    private long interruptsSince = -1;
    /** Start of the core's current run of back-to-back tasks (when it last came out of idle). */
    private long busySince;
    /** The kernel's whole __do_softirq exit rule with ksoftirqd ({@link SoftirqLoop}); null: the 2 ms rule alone. */
    private SoftirqLoop softirqLoop;

    /**
     * A queued task. Work of a work queue has its queue: its body runs after the queue's dispatch (which the queue
     * chooses when the work starts), and its label is {@code queue:name}, joined only when someone reads it.
     * Mutable so that {@link SimHost} can hand a task that has run out again for the next one (a task per
     * I/O stage was the host's largest allocation); nothing keeps a task once it has run.
     */
    static final class Task {
        private Priority priority;
        private SimWorkQueue queue;
        private String name;
        private Runnable body;
        /** Queued by a task of its priority running on its core (a tasklet's next batch, a thread's next step). */
        boolean continuation;

        Task(Priority priority, String label, Runnable body) {
            set(priority, null, label, body);
        }

        Task(Priority priority, SimWorkQueue queue, String name, Runnable body) {
            set(priority, queue, name, body);
        }

        Task set(Priority priority, SimWorkQueue queue, String name, Runnable body) {
            this.priority = priority;
            this.queue = queue;
            this.name = name;
            this.body = body;
            this.continuation = false;
            return this;
        }

        /** Drops what the task refers to, so that a spare task keeps nothing alive. */
        void clear() {
            set(null, null, null, null);
        }

        Priority priority() {
            return priority;
        }

        /** The work queue whose work this is, or null. */
        SimWorkQueue queue() {
            return queue;
        }

        Runnable body() {
            return body;
        }

        String label() {
            return queue == null ? name : queue.name() + ":" + name;
        }
    }

    Core(String name, int index) {
        this.name = name;
        this.index = index;
        for (int i = 0; i < PRIORITIES.length; i++) {
            ready.add(new ArrayDeque<>());
        }
    }

    public int index() {
        return index;
    }

    void enqueue(Task task, long now) {
        if (softirqLoop != null) {
            softirqLoop.enqueue(task, now, task.continuation, ready.get(Priority.SOFT_IRQ.ordinal()),
                    ready.get(Priority.THREAD.ordinal()));
            if (task.priority() != Priority.THREAD) {
                if (task.priority() == Priority.HARD_IRQ) ready.get(Priority.HARD_IRQ.ordinal()).addLast(task);
                return; // soft-IRQ work: queued by the loop, inline or for ksoftirqd
            }
        }
        ready.get(task.priority().ordinal()).addLast(task);
    }

    /** Runs this core's soft-IRQ work by the kernel's whole exit rule ({@code host.softirq-ksoftirqd}). */
    void useSoftirqLoop(long maxTimeNs, int maxRestart, Task ksoftirqdTurn) {
        softirqLoop = new SoftirqLoop(maxTimeNs, maxRestart, ksoftirqdTurn);
    }

    /** The task that just ran has ended (the loop needs to know whether ksoftirqd is still the core's task). */
    void taskEnded() {
        if (softirqLoop != null) softirqLoop.taskEnded(ready.get(Priority.THREAD.ordinal()), freeAt);
    }

    /** Whether {@code t} was taken from ksoftirqd (it pays the switch to that thread). */
    boolean switchesToKsoftirqd(Task t) {
        return softirqLoop != null && softirqLoop.switchedIn(t);
    }

    boolean hasReady() {
        for (ArrayDeque<Task> q : ready) {
            if (!q.isEmpty()) {
                return true;
            }
        }
        return false; // ksoftirqd's work, when it has any, has its turn queued among the threads
    }

    /** A hard-IRQ or soft-IRQ task is ready. */
    boolean hasReadyInterrupt() {
        return !ready.get(Priority.HARD_IRQ.ordinal()).isEmpty() || !ready.get(Priority.SOFT_IRQ.ordinal()).isEmpty();
    }

    /**
     * The task a dispatch at {@code now} runs: the highest-priority ready one, except that a waiting thread task
     * goes before soft-IRQ work once the core has run interrupts back to back for {@code softirqLimitNs}
     * (__do_softirq's MAX_SOFTIRQ_TIME: it then hands the pending soft-IRQs to ksoftirqd, a thread the scheduler
     * runs after the threads that waited longer). A hard IRQ still goes first. Null when none is ready.
     */
    Task takeNext(long now, long softirqLimitNs) {
        if (now > freeAt) {
            interruptsSince = -1; // the core was idle: a new run of interrupts starts
            busySince = now;
        }
        if (softirqLoop != null) {
            return softirqLoop.takeNext(now, now > freeAt, ready.get(Priority.HARD_IRQ.ordinal()),
                    ready.get(Priority.SOFT_IRQ.ordinal()), ready.get(Priority.THREAD.ordinal()));
        }
        ArrayDeque<Task> threads = ready.get(Priority.THREAD.ordinal());
        boolean deferSoftirq = interruptsSince >= 0 && now - interruptsSince >= softirqLimitNs
                && !threads.isEmpty() && ready.get(Priority.HARD_IRQ.ordinal()).isEmpty();
        Task t = deferSoftirq ? threads.pollFirst() : takeNext();
        if (t == null || t.priority() == Priority.THREAD) {
            interruptsSince = -1;
        } else if (interruptsSince < 0) {
            interruptsSince = now;
        }
        return t;
    }

    /** The highest-priority ready task, FIFO within a priority; null when none. */
    Task takeNext() {
        for (ArrayDeque<Task> q : ready) {
            Task t = q.pollFirst();
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    /** When the core last came out of idle: it has run tasks back to back since. */
    long busySince() {
        return busySince;
    }

    void account(Priority priority, long chargedNs) {
        busyByPriority[priority.ordinal()] += chargedNs;
        tasks++;
    }

    /** Number of tasks waiting to run. */
    public int readyCount() {
        int n = softirqLoop == null ? 0 : softirqLoop.deferredCount() - (softirqLoop.turnQueued() ? 1 : 0);
        for (ArrayDeque<Task> q : ready) {
            n += q.size();
        }
        return n;
    }

    /** CPU time charged at {@code priority} since the last reset, ns. */
    public long busyNs(Priority priority) {
        return busyByPriority[priority.ordinal()];
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ResourceKind kind() {
        return ResourceKind.CORE;
    }

    @Override
    public int units() {
        return 1;
    }

    @Override
    public long busyNs() {
        long sum = 0;
        for (long b : busyByPriority) {
            sum += b;
        }
        return sum;
    }

    @Override
    public long uses() {
        return tasks;
    }

    @Override
    public void resetStats() {
        java.util.Arrays.fill(busyByPriority, 0);
        tasks = 0;
    }
}
