package org.hcasim.core.policy;

import org.hcasim.core.verbs.SimRdmaDevice;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.CqPolicyFactory;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.RdmaDevice;

/**
 * The CQ the role asks for, with an adaptive moderator: every polling pass the CQ reports goes to an
 * {@link RdmaDim}; when it picks another profile, a work item on the polling core (schedule_work, as
 * {@code ib_cq_rdma_dim_work} runs) issues the MODIFY_CQ firmware command, sleeps until the command completes
 * (mlx5_cmd_exec waits for its completion event, leaving the core to other work) and then lets DIM measure again.
 * Work-queue CQs feed DIM only with passes that did not use the whole budget (ib_cq_poll_work requeues those).
 * The engine reports the passes of SOFTIRQ and WORKQUEUE CQs; a ULP polling a DIRECT CQ itself reports its own
 * (RDS), otherwise a DIRECT CQ's moderation stays as created.
 */
final class DimModeration implements CqPolicy {

    static final String NAME = "dim";

    static CqPolicyFactory factory() {
        return new CqPolicyFactory() {
            @Override public String name() { return NAME; }
            @Override public String description() {
                return "the role's CQs with dynamic interrupt moderation (Linux rdma_dim): each polling pass feeds DIM,"
                        + " each profile change is a MODIFY_CQ command";
            }
            @Override public CqPolicy create(PolicyContext context) { return new DimModeration(); }
        };
    }

    /** Every role's {@code dim} policy creates and moderates CQs alike, so their pool CQs are shared. */
    @Override
    public Object sharingKey() {
        return NAME;
    }

    @Override
    public CompletionQueue createCq(RdmaDevice device, CqInit requested) {
        CompletionQueue cq = device.createCq(requested);
        cq.setPollPassListener(new Moderator(hostOf(device)));
        return cq;
    }

    private static Host hostOf(RdmaDevice device) {
        if (device instanceof SimRdmaDevice sim) {
            return sim.host();
        }
        throw new IllegalArgumentException("the dim CQ policy needs a simulated device, got " + device);
    }

    /** One CQ's DIM and the work item that applies its choices. */
    static final class Moderator implements CompletionQueue.PollPassListener {
        private final Host host;
        private final RdmaDim dim = new RdmaDim();

        Moderator(Host host) {
            this.host = host;
        }

        /** Its DIM (for the specification tests). */
        RdmaDim dim() {
            return dim;
        }

        @Override
        public void pollPass(CompletionQueue cq, int completions, long nowNs) {
            if (requeued(cq, completions)) {
                return;
            }
            if (!dim.onPoll(completions, nowNs)) {
                return;
            }
            int profile = dim.profile();
            // the work item sleeps through the command; DIM measures again once it has completed
            Runnable apply = () -> cq.modifyModeration(RdmaDim.moderationOf(profile), dim::applied);
            if (host.inTask()) {
                host.workQueue("events").queue(host.currentCore(), "rdma-dim-work", apply);
            } else {
                apply.run();
            }
        }

        /** A continuation's CQEs are reaped by the same kernel poll call: one rdma_dim event with all of them. */
        @Override
        public void passContinued(CompletionQueue cq, int completions, long nowNs) {
            if (!requeued(cq, completions)) {
                dim.onContinued(completions);
            }
        }

        /** The pass requeues itself: ib_cq_poll_work calls rdma_dim only on its last pass. */
        private static boolean requeued(CompletionQueue cq, int completions) {
            return cq.pollContext() == PollContext.WORKQUEUE && completions >= cq.pollBudget();
        }
    }
}
