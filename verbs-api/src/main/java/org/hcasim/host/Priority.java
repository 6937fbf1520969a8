package org.hcasim.host;

/**
 * Task priorities on a core: a ready task of a higher priority runs first; tasks do not preempt, except that a host
 * may let HARD_IRQ and SOFT_IRQ tasks steal time from a THREAD task (host.irq-preempts-threads).
 */
public enum Priority {
    HARD_IRQ,
    SOFT_IRQ,
    THREAD
}
