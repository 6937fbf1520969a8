package org.hcasim.core.policy;

import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.CqPolicyFactory;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqCreator;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.RdmaDevice;

/**
 * The CQ exactly as the role asks for it, with the device's default moderation and no moderator: what a
 * kernel ULP gets from ib_alloc_cq / ib_create_cq without DIM.
 */
final class FixedModeration implements CqPolicy {

    static final String NAME = "fixed";

    static CqPolicyFactory factory() {
        return new CqPolicyFactory() {
            @Override public String name() { return NAME; }
            @Override public String description() {
                return "the role's poll context and budget, the device's default moderation, no adaptive moderator";
            }
            @Override public CqPolicy create(PolicyContext context) { return new FixedModeration(); }
        };
    }

    /**
     * The same CQs as the device default ({@link CqCreator#DEVICE_DEFAULT}, what a pool get without a policy uses),
     * so every fixed role and every policy-less get share their pool CQs.
     */
    @Override
    public Object sharingKey() {
        return CqCreator.DEVICE_DEFAULT.sharingKey();
    }

    @Override
    public CompletionQueue createCq(RdmaDevice device, CqInit requested) {
        return CqCreator.DEVICE_DEFAULT.createCq(device, requested);
    }
}
