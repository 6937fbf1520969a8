package org.hcasim.host;

/**
 * A lock used inside tasks. {@code lock()} advances the current task's time by the wait (spinning is
 * charged as CPU, a mutex's sleep is not). A lock must be released by the task that took it.
 */
public interface SpinLock {
    String name();

    void lock();

    void unlock();

    /** Convenience: lock, charge {@code holdNs} of work, unlock. */
    default void hold(long holdNs, Host host) {
        lock();
        try {
            host.charge(holdNs);
        } finally {
            unlock();
        }
    }
}
