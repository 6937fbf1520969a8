package org.hcasim.ulp.nvmeof.target;

import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * One command in progress on a target queue: its receive (to repost), response buffer, and data buffer if
 * any. Its own class because the queue and the helpers that move its data and send its response share it.
 */
final class TargetCommand implements CompletionCallback {
    final WorkRequest.Recv recv;
    final long capsule;
    final int received;
    /** The command capsule and its data pointer, decoded once (set together by {@link #decoded}). */
    NvmeCommand sqe;
    SglDescriptor dptr;
    long dataBuffer = -1;
    /** PI exposed, no PRACT: the tuples, and the integrity MR that moves data and tuples. */
    long metaBuffer = -1;
    MemoryRegion mr;
    /** Its receive went back to the queue or SRQ (when the response was queued, or when the command ended without one). */
    boolean receiveReposted;
    /** The buffer of its response SEND, and the responder that posted it (set when the SEND is posted). */
    private long responseBuffer = -1;
    private Responder responder;

    TargetCommand(WorkRequest.Recv recv, int received) {
        this.recv = recv;
        this.capsule = recv.sgl().get(0).address();
        this.received = received;
    }

    /** The capsule read from the receive buffer: the command, and its data pointer decoded once. */
    void decoded(NvmeCommand command) {
        this.sqe = command;
        this.dptr = command.dptr();
    }

    /** Its response is about to be posted from {@code buffer}; the SEND's completion goes to {@code by}. */
    void respondsFrom(long buffer, Responder by) {
        this.responseBuffer = buffer;
        this.responder = by;
    }

    /** The response SEND completed (the command is the SEND's callback, so that none is made per response). */
    @Override
    public void done(WorkCompletion wc) {
        responder.sent(this, responseBuffer, wc);
    }
}
