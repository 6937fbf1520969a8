package org.hcasim.core.hw;

import org.hcasim.core.sim.EventLoop;

/**
 * Completion event generation of one CQ: the armed state set by {@code ib_req_notify_cq} (next completion or
 * solicited only) and interrupt moderation by count and period (as set by {@code modify_cq}).
 *
 * <p>While the CQ is armed, each completion that may raise an event counts: every completion when armed for the
 * next one; only solicited and error completions when armed solicited-only (IB spec 11.4.2.2). An event fires
 * when {@code maxCount} of them have gathered since arming, or when the period has passed: in
 * {@link ModerationMode#START_ON_EVENT} mode since the last event this CQ generated (so the first completion after
 * a quiet period fires at once), in {@link ModerationMode#RESTART_ON_CQE} mode since the latest counted completion.
 * The CQ is then disarmed until re-armed. {@code maxCount == 0} turns the count off, {@code periodNs == 0} the
 * period; both off (or {@code maxCount == 1}) means an event on the first counted completion.
 */
public final class CqModeration {
    private final EventLoop loop;
    private final EventQueue eq;
    private final Runnable completionHandler;

    private int maxCount;
    private long periodNs;
    private ModerationMode mode = ModerationMode.START_ON_EVENT;

    private boolean armed;
    private boolean solicitedOnly;
    private int counted;
    private long lastEventAt = Long.MIN_VALUE;
    private long timer = EventLoop.NO_EVENT;
    private final Runnable periodExpired = this::periodExpired;
    private long eventsByCount;
    private long eventsByPeriod;

    /** {@code completionHandler} is the CQ's comp_handler, run in hard-IRQ context. */
    public CqModeration(EventLoop loop, EventQueue eq, Runnable completionHandler) {
        this.loop = loop;
        this.eq = eq;
        this.completionHandler = completionHandler;
    }

    /** Sets moderation (ib_modify_cq / DIM); takes effect for following completions. */
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
        arm(false);
    }

    /**
     * Arms the CQ: for the next completion, or ({@code solicited}) for the next solicited or error completion
     * (IB_CQ_SOLICITED). Arming an armed CQ for the next completion widens it; asking for solicited-only on a CQ
     * armed for any completion leaves it so (both as on mlx5, whose arm command keeps the wider request).
     */
    public void arm(boolean solicited) {
        if (!armed) {
            armed = true;
            solicitedOnly = solicited;
            counted = 0;
        } else if (!solicited) {
            solicitedOnly = false;
        }
    }

    public boolean armed() {
        return armed;
    }

    /** True while armed for solicited and error completions only. */
    public boolean armedSolicitedOnly() {
        return armed && solicitedOnly;
    }

    /** The HCA wrote an ordinary completion to this CQ, visible at {@code t}. */
    public void cqeWritten(long t) {
        cqeWritten(t, false);
    }

    /**
     * The HCA wrote a completion visible at {@code t}; {@code solicitedOrError} for a receive of a SEND with the
     * solicited-event bit, or any completion with an error status.
     */
    public void cqeWritten(long t, boolean solicitedOrError) {
        if (!armed || (solicitedOnly && !solicitedOrError)) {
            return;
        }
        counted++;
        boolean countOff = maxCount == 0;
        boolean periodOff = periodNs == 0;
        if (maxCount == 1 || (countOff && periodOff) || (!countOff && counted >= maxCount)) {
            eventsByCount++;
            fire(t);
            return;
        }
        if (periodOff) {
            return;
        }
        long now = Math.max(t, loop.now());
        if (mode == ModerationMode.START_ON_EVENT) {
            long due = lastEventAt == Long.MIN_VALUE ? now : Math.max(now, lastEventAt + periodNs);
            if (due <= now) {
                eventsByPeriod++;
                fire(now);
            } else if (timer == EventLoop.NO_EVENT) {
                timer = loop.at(due, periodExpired);
            }
        } else {
            loop.cancel(timer);
            timer = loop.at(now + periodNs, periodExpired);
        }
    }

    private void periodExpired() {
        timer = EventLoop.NO_EVENT;
        if (armed && counted > 0) {
            eventsByPeriod++;
            fire(loop.now());
        }
    }

    private void fire(long t) {
        armed = false;
        counted = 0;
        lastEventAt = t;
        loop.cancel(timer);
        timer = EventLoop.NO_EVENT;
        eq.postCompletionEvent(t, completionHandler);
    }

    /** Events generated because the count was reached (or on every completion, without moderation). */
    public long eventsByCount() {
        return eventsByCount;
    }

    /** Events generated because the period had passed. */
    public long eventsByPeriod() {
        return eventsByPeriod;
    }

    public int maxCount() {
        return maxCount;
    }

    public long periodNs() {
        return periodNs;
    }

    public ModerationMode mode() {
        return mode;
    }
}
