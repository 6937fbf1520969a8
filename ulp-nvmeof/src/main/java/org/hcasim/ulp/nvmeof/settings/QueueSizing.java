package org.hcasim.ulp.nvmeof.settings;

/**
 * Verbs resources of one host queue of {@code queueSize} entries (nvme-rdma): each command may post a
 * registration, a SEND and a local invalidation, so the send queue holds 3 x size + 1 WRs; a receive per
 * entry for the responses plus one; the CQ takes every one of those completions: 4 x size + 1.
 */
public record QueueSizing(int queueSize) {

    /** Send-queue WRs per command: REG_MR, SEND, LOCAL_INV. */
    public static final int SEND_WR_FACTOR = 3;

    public QueueSizing {
        if (queueSize < 2) {
            throw new IllegalArgumentException("a queue needs at least 2 entries, not " + queueSize);
        }
    }

    public int sendWrs() {
        return SEND_WR_FACTOR * queueSize + 1;
    }

    public int recvWrs() {
        return queueSize + 1;
    }

    public int cqEntries() {
        return (SEND_WR_FACTOR + 1) * queueSize + 1;
    }

    /** The SQSIZE field of Connect and HSQSIZE of the private data: 0-based. */
    public int sqsize() {
        return queueSize - 1;
    }
}
