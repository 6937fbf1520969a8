package org.hcasim.ulp.nvmeof.target;

import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.WorkRequest;

/**
 * One command in progress on a target queue: its receive (to repost), response buffer, and data buffer if
 * any. Its own class because the queue and the helpers that move its data and send its response share it.
 */
final class TargetCommand {
    final WorkRequest.Recv recv;
    final long capsule;
    final int received;
    NvmeCommand sqe;
    long dataBuffer = -1;
    /** PI exposed, no PRACT: the tuples, and the integrity MR that moves data and tuples. */
    long metaBuffer = -1;
    MemoryRegion mr;
    /** Its receive went back to the queue or SRQ (when the response was queued, or when the command ended without one). */
    boolean receiveReposted;

    TargetCommand(WorkRequest.Recv recv, int received) {
        this.recv = recv;
        this.capsule = recv.sgl().get(0).address();
        this.received = received;
    }
}
