package org.hcasim.verbs;

/** Where completions are processed (enum ib_poll_context). */
public enum PollContext {
    /** The ULP polls itself ({@link CompletionQueue#processDirect}); an optional handler gets armed events. */
    DIRECT,
    /** Interrupt -> soft-IRQ (irq_poll) on the vector's core runs the per-WR callbacks, then re-arms. */
    SOFTIRQ,
    /** Interrupt -> work item (thread priority) on the vector's core runs the callbacks, then re-arms. */
    WORKQUEUE
}
