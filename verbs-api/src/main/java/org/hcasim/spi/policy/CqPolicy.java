package org.hcasim.spi.policy;

import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.RdmaDevice;

/**
 * How a role's completion queues are created and moderated. The role says what it would create
 * ({@link CqInit}: size, vector, its usual poll context); the policy creates the CQ, may change the poll
 * context or budget, sets a fixed moderation, or attaches an adaptive moderator with
 * {@link CompletionQueue#setPollPassListener} that the engine calls after every polling pass (and the ULP
 * after each of its own passes over a DIRECT CQ, through {@link CompletionQueue#reportPollPass}). A
 * moderator's change is {@link CompletionQueue#modifyModeration}, a MODIFY_CQ firmware command.
 */
public interface CqPolicy {

    /** Creates the CQ the role asks for. Called outside the I/O path (queue set-up). */
    CompletionQueue createCq(RdmaDevice device, CqInit requested);
}
