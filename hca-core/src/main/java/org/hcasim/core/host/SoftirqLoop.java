package org.hcasim.core.host;

import java.util.ArrayDeque;
import java.util.Iterator;
import org.hcasim.host.Priority;

/**
 * One core's soft-IRQ work run by the kernel's whole rule (kernel/softirq.c as of v6.11: {@code irq_exit_rcu} ->
 * {@code invoke_softirq} -> {@code handle_softirqs}, {@code run_ksoftirqd}), instead of the 2 ms bound alone.
 *
 * <p>Inline, the work pending when the loop starts is one round; whatever a hard IRQ (or a timer) raises meanwhile
 * makes the loop restart for another round, at most {@code MAX_SOFTIRQ_RESTART} rounds in all, and only while the
 * loop is younger than {@code MAX_SOFTIRQ_TIME} and no thread was woken on the core ({@code need_resched()}).
 * Otherwise the pending work goes to ksoftirqd ({@code wakeup_softirqd}): a thread that takes its turns among the
 * core's threads (CFS shares the core; here: one soft-IRQ task per turn, round-robin with the thread tasks). The
 * next hard IRQ that interrupts something other than ksoftirqd runs what is still pending inline at its exit
 * (since v6.5 {@code invoke_softirq} no longer skips that while ksoftirqd is runnable: the revert of "softirq: Let
 * ksoftirqd do its job"). A tasklet's next batch continues its own run, not a new raise.
 */
final class SoftirqLoop {
    private final long maxTimeNs;
    private final int maxRestart;
    /** ksoftirqd's place in the core's thread FIFO (never run itself: it stands for the next deferred task). */
    private final Core.Task turn;
    private final ArrayDeque<Core.Task> deferred = new ArrayDeque<>();
    private boolean turnQueued;
    /** The task running now is ksoftirqd's. */
    private boolean ksoftirqdRunning;
    /** When ksoftirqd's last task ended: work it queues for its end (its next batch) is still its own. */
    private long ksoftirqdUntil = -1;
    /** The last task other than a hard IRQ was ksoftirqd's: a hard IRQ now interrupted ksoftirqd. */
    private boolean ksoftirqdWasLast;
    private Core.Task switchedIn;
    private boolean inLoop;
    private long loopStart;
    private int restartsLeft;
    private int roundLeft;
    /** A thread was queued on the core since it last switched to a thread (TIF_NEED_RESCHED after a wake-up). */
    private boolean needResched;

    SoftirqLoop(long maxTimeNs, int maxRestart, Core.Task turn) {
        this.maxTimeNs = maxTimeNs;
        this.maxRestart = maxRestart;
        this.turn = turn;
    }

    /**
     * Queues soft-IRQ work inline or for ksoftirqd and notes wake-ups; hard IRQs and threads the core queues itself.
     * {@code continuation}: queued by a task of the same priority running on this core (a tasklet's next batch, a
     * thread's next step).
     */
    void enqueue(Core.Task t, long now, boolean continuation, ArrayDeque<Core.Task> soft,
            ArrayDeque<Core.Task> threads) {
        if (t.priority() == Priority.THREAD) {
            if (!continuation) needResched = true; // a thread's own next step is not a wake-up
        } else if (t.priority() == Priority.SOFT_IRQ) {
            if (ksoftirqdRunning || !deferred.isEmpty() || (continuation && now <= ksoftirqdUntil)) {
                deferred.addLast(t);
                queueTurn(threads);
            } else {
                soft.addLast(t);
                if (inLoop && continuation) roundLeft++; // the same round goes on: not a raise
            }
        }
    }

    /** The task the core runs next; null when none. */
    Core.Task takeNext(long now, boolean wasIdle, ArrayDeque<Core.Task> hard, ArrayDeque<Core.Task> soft,
            ArrayDeque<Core.Task> threads) {
        if (wasIdle) inLoop = false;
        Core.Task h = hard.pollFirst();
        if (h != null) {
            if (!deferred.isEmpty() && !ksoftirqdWasLast) reclaim(soft, threads);
            return h;
        }
        if (!soft.isEmpty()) {
            if (!inLoop) {
                inLoop = true;
                loopStart = now;
                restartsLeft = maxRestart;
                roundLeft = soft.size();
            } else if (roundLeft <= 0) {
                // handle_softirqs: if (time_before(jiffies, end) && !need_resched() && --max_restart) goto restart;
                if (now - loopStart < maxTimeNs && !needResched && --restartsLeft > 0) {
                    roundLeft = soft.size();
                } else {
                    defer(soft, threads);
                    return takeThread(threads);
                }
            }
            roundLeft--;
            ksoftirqdWasLast = false;
            return soft.pollFirst();
        }
        inLoop = false;
        return takeThread(threads);
    }

    /** The task that ran has ended: ksoftirqd with more work takes its next turn behind the threads waiting. */
    void taskEnded(ArrayDeque<Core.Task> threads, long end) {
        if (ksoftirqdRunning) ksoftirqdUntil = end;
        ksoftirqdRunning = false;
        switchedIn = null;
        if (!deferred.isEmpty()) queueTurn(threads);
    }

    /** Whether {@code t} is ksoftirqd's and the core switches to ksoftirqd from something else for it. */
    boolean switchedIn(Core.Task t) {
        return t == switchedIn;
    }

    int deferredCount() {
        return deferred.size();
    }

    boolean turnQueued() {
        return turnQueued;
    }

    private Core.Task takeThread(ArrayDeque<Core.Task> threads) {
        Core.Task t = threads.pollFirst();
        if (t == turn) {
            turnQueued = false;
            Core.Task s = deferred.pollFirst();
            switchedIn = ksoftirqdWasLast ? null : s;
            ksoftirqdRunning = true;
            ksoftirqdWasLast = true;
            return s;
        }
        if (t != null) {
            needResched = false;
            ksoftirqdWasLast = false;
        }
        return t;
    }

    /** wakeup_softirqd: the pending work becomes ksoftirqd's. */
    private void defer(ArrayDeque<Core.Task> soft, ArrayDeque<Core.Task> threads) {
        while (!soft.isEmpty()) deferred.addLast(soft.pollFirst());
        inLoop = false;
        queueTurn(threads);
    }

    /** A hard IRQ's exit runs what ksoftirqd has not run yet inline, ahead of what the IRQ raises. */
    private void reclaim(ArrayDeque<Core.Task> soft, ArrayDeque<Core.Task> threads) {
        for (Iterator<Core.Task> it = deferred.descendingIterator(); it.hasNext(); ) soft.addFirst(it.next());
        deferred.clear();
        if (turnQueued) {
            threads.removeFirstOccurrence(turn);
            turnQueued = false;
        }
        inLoop = false;
    }

    private void queueTurn(ArrayDeque<Core.Task> threads) {
        if (!turnQueued) {
            threads.addLast(turn);
            turnQueued = true;
        }
    }
}
