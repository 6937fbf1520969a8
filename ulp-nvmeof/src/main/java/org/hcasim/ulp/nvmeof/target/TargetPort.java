package org.hcasim.ulp.nvmeof.target;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.ulp.nvmeof.settings.TargetSettings;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.SrqInit;
import org.hcasim.verbs.SrqPool;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * The target's state on one RDMA device (nvmet_rdma_device): its PD, the SRQ pool when {@code use-srq} is on
 * (one SRQ per completion vector, a queue takes SRQ number vector % count) with its receive buffers, and the
 * queues accepted on it, found by QP number when a shared receive completes.
 */
final class TargetPort {
    final RdmaDevice device;
    final ProtectionDomain pd;
    final NvmeOfTarget target;
    private final SrqPool srqPool;
    private final Map<Integer, TargetQueue> queuesByQp = new HashMap<>();

    TargetPort(RdmaDevice device, NvmeOfTarget target) {
        this.device = device;
        this.target = target;
        this.pd = device.allocPd();
        TargetSettings s = target.settings();
        if (s.useSrq()) {
            int vectors = device.attributes().numCompVectors();
            int count = Math.min(vectors, device.attributes().maxSrq());
            srqPool = pd.createSrqPool(count, new SrqInit(s.srqSize(), target.recvSges(), 0));
            for (SharedReceiveQueue srq : srqPool.srqs()) {
                for (int i = 0; i < s.srqSize(); i++) {
                    srq.postRecv(target.newCommandReceive(target.host(), pd, this::onSharedReceive));
                }
            }
        } else {
            srqPool = null;
        }
    }

    /**
     * PI over this port: the HCA offers integrity MRs (nvmet-rdma's pi_support; its port option pi_enable
     * is taken as on) and some namespace has PI.
     */
    boolean piOffload() {
        return device.attributes().has(org.hcasim.verbs.DeviceCapability.INTEGRITY_HANDOVER)
                && target.namespaces().stream().anyMatch(ns -> ns.format().hasPi());
    }

    /** The SRQ for a queue on {@code vector}, or null without use-srq. */
    SharedReceiveQueue srqFor(int vector) {
        return srqPool == null ? null : srqPool.get(vector);
    }

    CompletionQueue createCq(int entries, int vector) {
        return device.createCq(CqInit.of(entries, vector, PollContext.WORKQUEUE));
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
