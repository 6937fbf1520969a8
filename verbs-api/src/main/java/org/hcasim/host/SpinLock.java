package org.hcasim.host;

/**
 * A lock used inside tasks. {@code lock()} advances the current task's time by the wait (spinning is
 * charged as CPU, a mutex's sleep is not). A lock must be released by the task that took it.
 */
public interface SpinLock {
    String name();

    void lock();

    void unlock();

    /**
     * A critical section of known length: {@code workNs} of CPU work under the lock that writes {@code dataLines}
     * cache lines besides the lock's own (lines its earlier holders wrote too). The holds are served in the order
     * their requests arrive on the timeline; the waiter spins (charged as CPU) until its hold starts, and the hold
     * starts with the expected cache-line transfers from the cores that held the lock lately. A lock is used either
     * this way or with {@link #lock()} / {@link #unlock()}, never both.
     */
    void criticalSection(long workNs, int dataLines);

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
