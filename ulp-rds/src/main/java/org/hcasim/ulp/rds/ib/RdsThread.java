package org.hcasim.ulp.rds.ib;

import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.message.SocketThread;

/**
 * A user thread as the scheduler and the socket layer see it. Its body runs as a thread-priority task; at the end
 * it polls its sockets (one system call): if one is readable it runs again, otherwise it sleeps. A message arriving
 * on one of its sockets wakes a sleeping thread: the waker's core pays try_to_wake_up (the host profile's
 * {@code task-wakeup} cost, the IPI included), the thread runs after the host's wake-up latency and pays a context
 * switch.
 */
final class RdsThread implements SocketThread {
    /** Host cost of waking a sleeping task, on the waker's core (try_to_wake_up, enqueue, reschedule IPI). */
    static final String TASK_WAKEUP = "task-wakeup";

    private enum State { NEW, RUNNABLE, RUNNING, SLEEPING, WAKING, STOPPED }

    private final Host host;
    private final String name;
    private final int core;
    private final Runnable body;
    private final java.util.List<RdsSocket> sockets = new java.util.ArrayList<>(2);
    private final Runnable run = this::run;
    private final Runnable woken = this::woken;
    private final Runnable wakeUp = this::enqueueWoken;
    /** The wake-up timer's label, built once rather than on every wake-up. */
    private final String wakeUpLabel;
    /** The host's costs this thread charges, read once (a host's costs do not change during a run). */
    private final long contextSwitchNs;
    private final long syscallNs;
    private final long taskWakeupNs;
    private final long wakeupLatencyNs;
    private State state = State.NEW;
    private long wakeups;
    private long spuriousWakeups;

    RdsThread(Host host, String name, int core, Runnable body) {
        this.host = host;
        this.name = name;
        this.core = core;
        this.body = body;
        this.wakeUpLabel = name + "-wakeup";
        CpuCosts costs = host.cpuCosts();
        this.contextSwitchNs = costs.ns(CpuCosts.CONTEXT_SWITCH);
        this.syscallNs = costs.ns(CpuCosts.SYSCALL);
        this.taskWakeupNs = costs.ns(TASK_WAKEUP);
        this.wakeupLatencyNs = costs.ns(CpuCosts.WAKEUP_LATENCY);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int core() {
        return core;
    }

    void own(RdsSocket s) {
        sockets.add(s);
    }

    void disown(RdsSocket s) {
        sockets.remove(s);
    }

    @Override
    public void start() {
        if (state == State.NEW || state == State.SLEEPING) {
            state = State.RUNNABLE;
            host.run(core, Priority.THREAD, name, run);
        }
    }

    private void run() {
        if (state == State.STOPPED) {
            return;
        }
        state = State.RUNNING;
        body.run();
        if (state == State.RUNNING) {
            state = State.NEW; // the body returned without polling: the thread waits for start()
        }
    }

    /**
     * The woken thread is switched in and poll re-checks its sockets (do_poll): if none is ready (a wake-up for
     * something it does not wait for) it goes back to sleep without returning to user space.
     */
    private void woken() {
        if (state == State.STOPPED) {
            return;
        }
        host.charge(contextSwitchNs);
        if (!anyReady()) {
            state = State.SLEEPING;
            spuriousWakeups++;
            return;
        }
        run();
    }

    /** What poll reports: a socket readable, or writable again after an EAGAIN. */
    private boolean anyReady() {
        for (int i = 0; i < sockets.size(); i++) { // by index: the iterator was an allocation per poll
            RdsSocket s = sockets.get(i);
            if (s.readable() || (s.waitsToWrite() && s.writable())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void pollWait() {
        if (state != State.RUNNING) {
            throw new IllegalStateException("pollWait outside the body of thread " + name);
        }
        host.charge(syscallNs);
        if (anyReady()) {
            state = State.RUNNABLE;
            host.run(core, Priority.THREAD, name, run);
            return;
        }
        state = State.SLEEPING;
    }

    @Override
    public void continueLater() {
        if (state != State.RUNNING) {
            throw new IllegalStateException("continueLater outside the body of thread " + name);
        }
        state = State.RUNNABLE;
        host.run(core, Priority.THREAD, name, run);
    }

    /**
     * One of the thread's sockets became readable or, after an EAGAIN, writable (rds_wake_sk_sleep), in the task of
     * the core that made it so.
     */
    void wake() {
        if (state != State.SLEEPING) {
            return;
        }
        state = State.WAKING;
        wakeups++;
        host.charge(taskWakeupNs);
        host.timer(wakeupLatencyNs, core, wakeUpLabel, wakeUp);
    }

    /** The wake-up reached the thread's core: the thread is runnable again. */
    private void enqueueWoken() {
        if (state == State.WAKING) {
            state = State.RUNNABLE;
            host.run(core, Priority.THREAD, name, woken);
        }
    }

    @Override
    public void stop() {
        state = State.STOPPED;
    }

    /** Times the thread was woken from sleep. */
    long wakeups() {
        return wakeups;
    }

    /** Wake-ups after which poll found nothing ready and the thread slept again. */
    long spuriousWakeups() {
        return spuriousWakeups;
    }
}
