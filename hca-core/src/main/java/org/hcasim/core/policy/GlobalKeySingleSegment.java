package org.hcasim.core.policy;

import org.hcasim.spi.policy.IoBuffers;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.spi.policy.QueueRegistration;
import org.hcasim.spi.policy.Registration;
import org.hcasim.spi.policy.RegistrationNeeds;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.spi.policy.RegistrationPolicyFactory;
import org.hcasim.verbs.PiMappingOrder;
import org.hcasim.verbs.ProtectionDomain;

/**
 * nvme-rdma {@code register_always=N}: an I/O whose data is one contiguous segment and carries no PI goes
 * out under the PD's unsafe global rkey, with no registration and nothing to invalidate; every other I/O is
 * registered as {@link AlwaysRegister} does (the driver still sets up the MR pools).
 */
final class GlobalKeySingleSegment implements RegistrationPolicy {

    static final String NAME = "global-key-single-segment";

    static RegistrationPolicyFactory factory() {
        return new RegistrationPolicyFactory() {
            @Override public String name() { return NAME; }
            @Override public String description() {
                return "single-segment I/O without PI under the PD's global rkey (nvme-rdma register_always=N), else register";
            }
            @Override public RegistrationPolicy create(PolicyContext context) { return new GlobalKeySingleSegment(); }
        };
    }

    @Override
    public QueueRegistration forQueue(ProtectionDomain pd, RegistrationNeeds needs) {
        return new AlwaysRegister.Pools(pd, needs, PiMappingOrder.PA_FIRST) {
            @Override
            public Registration register(IoBuffers io) {
                if (io.integrity() || io.data().size() != 1) {
                    return super.register(io);
                }
                var segment = io.data().get(0);
                return new Registration(Registration.Kind.GLOBAL_KEY, pd().unsafeGlobalRkey(), segment.address(),
                        segment.length(), null, java.util.List.of());
            }
        };
    }
}
