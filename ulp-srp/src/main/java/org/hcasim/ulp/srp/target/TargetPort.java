package org.hcasim.ulp.srp.target;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.policy.PortReceiveQueues;
import org.hcasim.spi.policy.ReceiveNeeds;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * The target's state on one RDMA device (struct srpt_device): its PD, the receive queues its SRQ policy set up
 * (srpt's use_srq: one SRQ per device) with their receive IUs of srp_max_req_size bytes, and the channels on it,
 * found by QP number when a shared receive completes.
 */
final class TargetPort {
    final RdmaDevice device;
    final ProtectionDomain pd;
    final SrpTarget target;
    private final PortReceiveQueues receiveQueues;
    private final Map<Integer, TargetChannel> channelsByQp = new HashMap<>();

    TargetPort(RdmaDevice device, SrpTarget target) {
        this.device = device;
        this.target = target;
        this.pd = device.allocPd();
        int iu = target.settings().maxReqSize();
        this.receiveQueues = target.srqPolicy().forPort(pd, new ReceiveNeeds(target.settings().srqSize(), 1, iu,
                srq -> newReceive(this::onSharedReceive)));
    }

    /** A receive IU of srp_max_req_size bytes (srpt_alloc_ioctx). */
    WorkRequest.Recv newReceive(org.hcasim.verbs.CompletionCallback done) {
        int iu = target.settings().maxReqSize();
        return new WorkRequest.Recv(List.of(new Sge(target.host().memory().allocate(iu, 64), iu, pd.localDmaLkey())), done);
    }

    PortReceiveQueues receiveQueues() {
        return receiveQueues;
    }

    void register(TargetChannel ch) {
        channelsByQp.put(ch.qp().qpNum(), ch);
    }

    void unregister(TargetChannel ch) {
        channelsByQp.remove(ch.qp().qpNum());
    }

    private void onSharedReceive(WorkCompletion wc) {
        TargetChannel ch = wc.qp() == null ? null : channelsByQp.get(wc.qp().qpNum());
        if (ch != null) {
            ch.onReceive(wc);
        }
    }
}
