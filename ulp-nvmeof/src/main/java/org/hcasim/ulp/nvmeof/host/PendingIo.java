package org.hcasim.ulp.nvmeof.host;

import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockRequest;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;

/**
 * A block request from submission to its final completion, across the commands error recovery may send for it (the
 * block layer's request: requeued with its retry count when the transport aborts it).
 */
final class PendingIo implements HostCommand.Completion {
    final NamespaceDevice device;
    final BlockRequest request;
    final BlockCompletionHandler done;
    /** The submitting core, whose I/O queue carries the request (blk-mq's CPU to hardware queue map). */
    final int core;
    /** Times the request was requeued (nvme_req(rq)->retries). */
    int retries;

    PendingIo(NamespaceDevice device, BlockRequest request, BlockCompletionHandler done, int core) {
        this.device = device;
        this.request = request;
        this.done = done;
        this.core = core;
    }

    /** Each command sent for the request completes here (the request is the commands' callback, none made per send). */
    @Override
    public void completed(NvmeCompletion cqe, String detail) {
        device.completed(this, cqe, detail);
    }
}
