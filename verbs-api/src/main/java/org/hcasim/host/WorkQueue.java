package org.hcasim.host;

/** A kernel work queue: queued work runs at thread priority on the given core. */
public interface WorkQueue {
    void queue(int core, String label, Runnable work);
}
