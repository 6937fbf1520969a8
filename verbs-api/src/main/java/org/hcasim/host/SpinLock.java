package org.hcasim.host;

/** A lock used inside tasks. {@code lock()} may advance the current task's time by the wait. */
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
