package org.hcasim.verbs;

import java.util.List;

/**
 * A completion queue. Completions carry the per-WR callback of their request (ib_cqe.done): the engine
 * (SOFTIRQ/WORKQUEUE) or {@link #processDirect} (DIRECT) calls it with the {@link WorkCompletion}.
 */
public interface CompletionQueue {
    RdmaDevice device();

    /** Capacity in completions. */
    int capacity();

    int compVector();

    PollContext pollContext();

    /** Completions waiting to be polled. */
    int pending();

    /**
     * Arms the CQ (ib_req_notify_cq IB_CQ_NEXT_COMP, or IB_CQ_SOLICITED with {@code solicitedOnly}): the next
     * completion (solicited only: the next receive of a SEND posted with {@link SendFlag#SOLICITED}, or any error
     * completion) raises an event on the completion vector's core, subject to the CQ's moderation. Returns true if completions were already waiting (IB_CQ_REPORT_MISSED_EVENTS),
     * so the caller polls again instead of waiting. Only for DIRECT; the engine arms the others itself.
     */
    boolean requestNotify(boolean solicitedOnly);

    /** ib_poll_cq: removes up to {@code max} completions without calling their callbacks. */
    List<WorkCompletion> poll(int max);

    /** ib_process_cq_direct: polls up to {@code budget} completions and calls their callbacks; returns the count. */
    int processDirect(int budget);

    /**
     * Sets interrupt moderation (rdma_set_cq_moderation): an event waits for {@code count} completions or until
     * {@code periodUs} microseconds have passed since the last event, whichever comes first
     * ({@link CqPeriodMode#START_ON_EVENT}). 0/0 turns moderation off.
     * A firmware command (MODIFY_CQ): it costs command-interface time.
     */
    default void modifyModeration(int count, int periodUs) {
        modifyModeration(Moderation.of(count, periodUs));
    }

    /** Sets interrupt moderation including its period mode; a MODIFY_CQ firmware command. */
    void modifyModeration(Moderation moderation);

    /**
     * {@link #modifyModeration(Moderation)} from a context that may sleep (a work item, as ib_cq_rdma_dim_work
     * runs): the driver waits for the command's completion event (mlx5_cmd_exec in event mode) without holding its
     * core, the moderation takes effect when the firmware has executed the command, and {@code applied} then runs
     * on the caller's core. The default executes the command synchronously and runs {@code applied} at once.
     */
    default void modifyModeration(Moderation moderation, Runnable applied) {
        modifyModeration(moderation);
        applied.run();
    }

    /** The moderation in force (the device default until the first {@link #modifyModeration}). */
    Moderation moderation();

    /** Completions one engine polling pass processes before it requeues itself (SOFTIRQ and WORKQUEUE). */
    default int pollBudget() {
        return 0;
    }

    /**
     * Observes polling passes: after each pass the listener gets the number of completions it processed, on
     * the polling core. The engine reports its own passes (SOFTIRQ and WORKQUEUE CQs, including passes that
     * used the whole budget); a ULP that polls a DIRECT CQ itself (e.g. from its own tasklet) reports each of
     * its passes with {@link #reportPollPass}. The hook for adaptive moderation (DIM), which then calls
     * {@link #modifyModeration}. {@code null} removes it.
     */
    void setPollPassListener(PollPassListener listener);

    /**
     * A ULP that polls this CQ itself says that one polling pass found {@code completions}; the listener set
     * with {@link #setPollPassListener} (if any) gets it at the current time.
     */
    void reportPollPass(int completions);

    /** Gets the completions of each polling pass. */
    @FunctionalInterface
    interface PollPassListener {
        /** One polling pass, i.e. one call of the kernel's poll handler, found {@code completions}. */
        void pollPass(CompletionQueue cq, int completions, long nowNs);

        /**
         * The engine continued the pass it reported last: CQEs written while that pass ran, reaped on its core
         * without another interrupt or dispatch, which the kernel's poll loop reaps within the same call
         * (ib_cq_poll_work, ib_poll_handler), so for DIM they are more completions of the same event. By default
         * they are reported as a pass of their own.
         */
        default void passContinued(CompletionQueue cq, int completions, long nowNs) {
            pollPass(cq, completions, nowNs);
        }
    }

    /** ib_free_cq; fails with EBUSY while QPs use it. */
    void destroy();
}
