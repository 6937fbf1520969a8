package org.hcasim.ulp.rds.ib;

import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;

/**
 * A spin lock RDS holds only for a few list operations (cp_lock around the send and retransmit queues,
 * rs_recv_lock around a socket's receive queue): each acquisition costs the host's uncontended lock-acquire time.
 * Contention is not modelled: the engine books a lock for a whole task, and the tasks that take these locks (a
 * thread's loop, a tasklet's pass) last far longer than the few hundred nanoseconds RDS holds them, so booking
 * would invent waits that the real, short hold times do not cause.
 */
final class ListLock {
    private final Host host;

    ListLock(Host host) {
        this.host = host;
    }

    /** Takes and releases the lock around a list operation. */
    void around() {
        host.charge(host.cpuCosts().ns(CpuCosts.LOCK_ACQUIRE));
    }
}
