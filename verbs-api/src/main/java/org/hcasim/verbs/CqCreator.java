package org.hcasim.verbs;

/**
 * How a device's shared CQ pool creates its CQs when a {@link RdmaDevice#cqPoolGet get} finds none with room: the
 * requesting role's way of creating CQs (its CQ policy, so that its moderation or adaptive moderator applies to the
 * CQs it causes). A get uses only CQs whose creator had an equal {@link #sharingKey()}.
 */
public interface CqCreator {

    /** Creates one CQ of the pool; {@code requested} has the pool's size, vector and poll context. */
    CompletionQueue createCq(RdmaDevice device, CqInit requested);

    /**
     * CQs made by creators with equal keys are created and moderated the same way, so one role may share a CQ
     * another role's get created. The default, the creator itself, shares only with gets through the same creator.
     */
    default Object sharingKey() {
        return this;
    }

    /** ib_alloc_cq as it is: the device's default moderation, no moderator. */
    CqCreator DEVICE_DEFAULT = new CqCreator() {
        @Override
        public CompletionQueue createCq(RdmaDevice device, CqInit requested) {
            return device.createCq(requested);
        }

        @Override
        public Object sharingKey() {
            return "fixed";
        }
    };
}
