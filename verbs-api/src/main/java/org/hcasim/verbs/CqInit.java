package org.hcasim.verbs;

import java.util.function.Consumer;

/**
 * Creation parameters of a completion queue.
 *
 * @param cqe           capacity in completions; a completion arriving when it is full is an overflow
 *                      (async CQ_ERR), never a silent loss
 * @param compVector    completion vector (interrupt line); its core runs the interrupt and the polling
 * @param pollContext   who processes completions
 * @param eventHandler  DIRECT only, may be null: called in hard-IRQ context on the vector's core when an
 *                      armed CQ gets a completion (ib_create_cq comp_handler)
 * @param pollBudget    completions one engine polling pass processes before it yields and requeues itself;
 *                      0 = the poll context's kernel default ({@link #SOFTIRQ_BUDGET}, {@link #WORKQUEUE_BUDGET});
 *                      ignored for DIRECT
 */
public record CqInit(int cqe, int compVector, PollContext pollContext, Consumer<CompletionQueue> eventHandler,
                     int pollBudget) {
    /** IB_POLL_BUDGET_IRQ: completions per soft-IRQ pass. */
    public static final int SOFTIRQ_BUDGET = 256;
    /** IB_POLL_BUDGET_WORKQUEUE: completions per work-queue pass. */
    public static final int WORKQUEUE_BUDGET = 65_536;

    public CqInit {
        if (pollBudget < 0) {
            throw new VerbsException(Errno.EINVAL, "CQ poll budget " + pollBudget + " must be >= 0 (0 = the default)");
        }
    }

    /** A CQ with the poll context's default budget. */
    public CqInit(int cqe, int compVector, PollContext pollContext, Consumer<CompletionQueue> eventHandler) {
        this(cqe, compVector, pollContext, eventHandler, 0);
    }

    public static CqInit of(int cqe, int compVector, PollContext pollContext) {
        return new CqInit(cqe, compVector, pollContext, null, 0);
    }

    /** The budget a polling pass uses: {@link #pollBudget()}, or the poll context's default when it is 0. */
    public int effectivePollBudget() {
        if (pollBudget > 0) {
            return pollBudget;
        }
        return pollContext == PollContext.WORKQUEUE ? WORKQUEUE_BUDGET : SOFTIRQ_BUDGET;
    }

    public CqInit withPollContext(PollContext context) {
        return new CqInit(cqe, compVector, context, eventHandler, pollBudget);
    }

    public CqInit withPollBudget(int budget) {
        return new CqInit(cqe, compVector, pollContext, eventHandler, budget);
    }
}
