package org.hcasim.verbs;

import java.util.OptionalInt;

/**
 * A work completion (ib_wc).
 *
 * @param request          the request it completes (its {@code done()} callback is the ib_cqe)
 * @param status           verbs status
 * @param opcode           what completed
 * @param byteLength       bytes received (receives) or transferred (RDMA READ)
 * @param invalidatedRkey  rkey the peer invalidated with SEND_WITH_INV (IB_WC_WITH_INVALIDATE)
 * @param immediate        immediate data of the incoming SEND (IB_WC_WITH_IMM)
 * @param qp               the local QP (for SRQ receives: the QP the message came in on)
 * @param completedAtNs    simulated time the HCA wrote the CQE
 */
public record WorkCompletion(WorkRequest request, WcStatus status, WcOpcode opcode, long byteLength,
                             OptionalInt invalidatedRkey, OptionalInt immediate, QueuePair qp,
                             long completedAtNs) {
    public boolean ok() {
        return status == WcStatus.SUCCESS;
    }
}
