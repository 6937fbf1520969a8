package org.hcasim.ulp.nvmeof.target;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.spi.policy.PortReceiveQueues;
import org.hcasim.spi.policy.ReceiveNeeds;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.settings.TargetSettings;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * The target's state on one RDMA device (nvmet_rdma_device): its PD, the receive queues its SRQ policy set
 * up (with {@code use-srq}, one SRQ per completion vector: a queue takes SRQ number vector % count) with their
 * receive buffers, and the queues accepted on it, found by QP number when a shared receive completes.
 */
final class TargetPort {
    final RdmaDevice device;
    final ProtectionDomain pd;
    final NvmeOfTarget target;
    private final PortReceiveQueues receiveQueues;
    private final Map<Integer, TargetQueue> queuesByQp = new HashMap<>();

    TargetPort(RdmaDevice device, NvmeOfTarget target) {
        this.device = device;
        this.target = target;
        this.pd = device.allocPd();
        TargetSettings s = target.settings();
        // The receive buffer memory is the in-capsule data pages (nvmet_rdma_alloc_inline_pages); the 64-byte
        // command slots come from a separate small allocation.
        long bufferBytes = s.inlineDataSize() > 0 ? s.inlineDataSize() : NvmeCommand.BYTES;
        this.receiveQueues = target.srqPolicy().forPort(pd, new ReceiveNeeds(s.srqSize(), target.recvSges(), bufferBytes,
                srq -> target.newCommandReceive(target.host(), pd, this::onSharedReceive)));
    }

    /**
     * PI over this port: the HCA offers integrity MRs (nvmet-rdma's pi_support; its port option pi_enable
     * is taken as on) and some namespace has PI.
     */
    boolean piOffload() {
        return device.attributes().has(org.hcasim.verbs.DeviceCapability.INTEGRITY_HANDOVER)
                && target.namespaces().stream().anyMatch(ns -> ns.format().hasPi());
    }

    /** The receive queues of this port, as its SRQ policy set them up. */
    PortReceiveQueues receiveQueues() {
        return receiveQueues;
    }

    /**
     * A queue's CQ: {@code entries} claimed on the device's shared pool CQ of its vector, polled from a work queue
     * (nvmet_rdma_create_queue_ib: ib_cq_pool_get(..., queue->comp_vector, IB_POLL_WORKQUEUE)).
     */
    CompletionQueue cqFromPool(int entries, int vector) {
        return target.cqPolicy().poolGet(device, entries, vector, PollContext.WORKQUEUE);
    }

    /** Gives a gone queue's entries back to the pool (nvmet_rdma_destroy_queue_ib: ib_cq_pool_put). */
    void returnCq(CompletionQueue cq, int entries) {
        device.cqPoolPut(cq, entries);
    }

    void register(TargetQueue q) {
        queuesByQp.put(q.qp().qpNum(), q);
    }

    void unregister(TargetQueue q) {
        queuesByQp.remove(q.qp().qpNum());
    }

    private void onSharedReceive(WorkCompletion wc) {
        TargetQueue q = wc.qp() == null ? null : queuesByQp.get(wc.qp().qpNum());
        if (q == null) {
            return; // flushed after the queue went away
        }
        q.onCommand(wc);
    }

    /** Puts a consumed shared receive back on the SRQ the queue uses. */
    void repostShared(SharedReceiveQueue srq, WorkRequest.Recv recv) {
        srq.postRecv(recv);
    }
}
