package org.hcasim.spi.policy;

import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqCreator;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.RdmaDevice;

/**
 * How a role's completion queues are created and moderated. The role says what it would create
 * ({@link CqInit}: size, vector, its usual poll context); the policy creates the CQ, may change the poll
 * context or budget, sets a fixed moderation, or attaches an adaptive moderator with
 * {@link CompletionQueue#setPollPassListener} that the engine calls after every polling pass (and the ULP
 * after each of its own passes over a DIRECT CQ, through {@link CompletionQueue#reportPollPass}). A
 * moderator's change is {@link CompletionQueue#modifyModeration}, a MODIFY_CQ firmware command.
 *
 * <p>A role that takes its CQs from the device's shared pool (ib_cq_pool_get) calls {@link #poolGet}: the pool creates
 * the CQs it lacks through this policy, and shares them with roles whose policy has an equal
 * {@link #sharingKey()} (docs/decisions.md, "shared CQ pool").
 */
public interface CqPolicy extends CqCreator {

    /** Creates the CQ the role asks for. Called outside the I/O path (queue set-up). */
    @Override
    CompletionQueue createCq(RdmaDevice device, CqInit requested);

    /** ib_cq_pool_get through this policy: {@link RdmaDevice#cqPoolGet(int, int, PollContext, CqCreator)}. */
    default CompletionQueue poolGet(RdmaDevice device, int nrCqe, int compVectorHint, PollContext pollContext) {
        return device.cqPoolGet(nrCqe, compVectorHint, pollContext, this);
    }
}
