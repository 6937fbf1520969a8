package org.hcasim.host;

/** Task priorities on a core: a ready task of a higher priority runs first; tasks never preempt. */
public enum Priority {
    HARD_IRQ,
    SOFT_IRQ,
    THREAD
}
