package org.hcasim.ulp.rds.ib;

/**
 * What the transmit paths of one host's connections met since the endpoint was created: rds_send_xmit calls that
 * found RDS_IN_XMIT held (s_send_lock_contention), holders' restarts that sent what others had queued meanwhile,
 * restarts skipped because another context took the bit first (s_send_lock_queue_raced), rds_send_worker runs on
 * krdsd, and the time cp_lock's callers spent beyond the uncontended acquisition and the work under the lock
 * (spinning and line transfers). All stay 0 while the contention keys are off (docs/rds.md).
 */
public record TransmitCounts(long lost, long restarts, long raced, long sendWorkerRuns, long cpLockExtraNs) {

    public static final TransmitCounts NONE = new TransmitCounts(0, 0, 0, 0, 0);

    public TransmitCounts plus(TransmitCounts o) {
        return new TransmitCounts(lost + o.lost, restarts + o.restarts, raced + o.raced,
                sendWorkerRuns + o.sendWorkerRuns, cpLockExtraNs + o.cpLockExtraNs);
    }

    /** The counts between {@code earlier} and these. */
    public TransmitCounts since(TransmitCounts earlier) {
        return new TransmitCounts(lost - earlier.lost, restarts - earlier.restarts, raced - earlier.raced,
                sendWorkerRuns - earlier.sendWorkerRuns, cpLockExtraNs - earlier.cpLockExtraNs);
    }

    /** Whether anything was counted (the contention keys on). */
    public boolean any() {
        return lost != 0 || restarts != 0 || raced != 0 || sendWorkerRuns != 0 || cpLockExtraNs != 0;
    }
}
