package org.hcasim.core.hw;

import org.hcasim.core.sim.EventLoop;

/**
 * Completion event generation of one CQ: the armed state set by {@code ib_req_notify_cq} and interrupt
 * moderation by count and period (as set by {@code modify_cq}). While armed, CQEs are counted; an event is
 * generated when {@code maxCount} CQEs have arrived or the period has expired, whichever comes first, and the
 * CQ is then disarmed until re-armed. {@code maxCount == 0} disables the count limit, {@code periodNs == 0} the
 * period; both off (or {@code maxCount == 1}) means an event on the first CQE.
 */
public final class CqModeration {
    private final EventLoop loop;
    private final EventQueue eq;
    private final Runnable completionHandler;

    private int maxCount;
    private long periodNs;
    private ModerationMode mode = ModerationMode.START_ON_FIRST_CQE;

    private boolean armed;
    private int cqesSinceArm;
    private long timer = EventLoop.NO_EVENT;
    private long eventsByCount;
    private long eventsByPeriod;
    private final Runnable periodTimer = this::periodExpired;

    /** {@code completionHandler} is the CQ's comp_handler, run in hard-IRQ context. */
    public CqModeration(EventLoop loop, EventQueue eq, Runnable completionHandler) {
        this.loop = loop;
        this.eq = eq;
        this.completionHandler = completionHandler;
    }

    /** Sets moderation (ib_modify_cq / DIM); takes effect for following CQEs. */
    public void configure(int maxCount, long periodNs, ModerationMode mode) {
        if (maxCount < 0 || periodNs < 0) {
            throw new IllegalArgumentException("CQ moderation count and period must be >= 0, got " + maxCount
                    + " and " + periodNs + " ns");
        }
        this.maxCount = maxCount;
        this.periodNs = periodNs;
        this.mode = mode;
    }

    /** Arms the CQ for the next completion (ib_req_notify_cq with IB_CQ_NEXT_COMP). */
    public void arm() {
        if (!armed) {
            armed = true;
            cqesSinceArm = 0;
        }
    }

    public boolean armed() {
        return armed;
    }

    /** The HCA wrote a CQE to this CQ, visible at {@code t}. */
    public void cqeWritten(long t) {
        if (!armed) {
            return;
        }
        cqesSinceArm++;
        boolean countOff = maxCount == 0;
        boolean periodOff = periodNs == 0;
        if (maxCount == 1 || (countOff && periodOff) || (!countOff && cqesSinceArm >= maxCount)) {
            eventsByCount++;
            fire(t);
            return;
        }
        if (!periodOff && (timer == EventLoop.NO_EVENT || mode == ModerationMode.RESTART_ON_EACH_CQE)) {
            loop.cancel(timer);
            timer = loop.at(Math.max(t, loop.now()) + periodNs, periodTimer);
        }
    }

    private void periodExpired() {
        timer = EventLoop.NO_EVENT;
        if (armed && cqesSinceArm > 0) {
            eventsByPeriod++;
            fire(loop.now());
        }
    }

    private void fire(long t) {
        armed = false;
        cqesSinceArm = 0;
        loop.cancel(timer);
        timer = EventLoop.NO_EVENT;
        eq.postCompletionEvent(t, completionHandler);
    }

    /** Events generated because the count was reached. */
    public long eventsByCount() {
        return eventsByCount;
    }

    /** Events generated because the period expired. */
    public long eventsByPeriod() {
        return eventsByPeriod;
    }

    public int maxCount() {
        return maxCount;
    }

    public long periodNs() {
        return periodNs;
    }
}
