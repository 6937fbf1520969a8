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
 */
public record CqInit(int cqe, int compVector, PollContext pollContext, Consumer<CompletionQueue> eventHandler) {
    public static CqInit of(int cqe, int compVector, PollContext pollContext) {
        return new CqInit(cqe, compVector, pollContext, null);
    }
}
