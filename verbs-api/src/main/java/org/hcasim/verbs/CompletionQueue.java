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
     * Arms the CQ (ib_req_notify_cq NEXT_COMP or SOLICITED): the next completion raises an event on the
     * completion vector's core. Returns true if completions were already waiting (IB_CQ_REPORT_MISSED_EVENTS),
     * so the caller polls again instead of waiting. Only for DIRECT; the engine arms the others itself.
     */
    boolean requestNotify(boolean solicitedOnly);

    /** ib_poll_cq: removes up to {@code max} completions without calling their callbacks. */
    List<WorkCompletion> poll(int max);

    /** ib_process_cq_direct: polls up to {@code budget} completions and calls their callbacks; returns the count. */
    int processDirect(int budget);

    /**
     * Sets interrupt moderation (rdma_set_cq_moderation): an event waits for {@code count} completions or
     * {@code periodUs} microseconds after the first, whichever comes first. 0/0 turns moderation off.
     * A firmware command: it costs command-interface time.
     */
    void modifyModeration(int count, int periodUs);

    /**
     * Observes the engine's polling passes (SOFTIRQ and WORKQUEUE CQs): after each pass the listener gets the
     * number of completions it processed, on the polling core. The hook for dynamic interrupt moderation
     * (DIM), which then calls {@link #modifyModeration}. {@code null} removes it.
     */
    void setPollPassListener(PollPassListener listener);

    /** Gets the completions of each polling pass. */
    @FunctionalInterface
    interface PollPassListener {
        void pollPass(CompletionQueue cq, int completions, long nowNs);
    }

    /** ib_free_cq; fails with EBUSY while QPs use it. */
    void destroy();
}
