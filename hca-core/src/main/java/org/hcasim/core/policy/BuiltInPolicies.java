package org.hcasim.core.policy;

import java.util.List;
import org.hcasim.spi.policy.CqPolicyFactory;
import org.hcasim.spi.policy.RegistrationPolicyFactory;
import org.hcasim.spi.policy.SrqPolicyFactory;
import org.hcasim.verbs.PiMappingOrder;

/** The policies the engine ships: what every role can choose from, whatever plugins are installed. */
public final class BuiltInPolicies {
    private BuiltInPolicies() { }

    /** Name of the registration policy that registers every I/O (nvme-rdma register_always=Y). */
    public static final String REGISTER_ALWAYS = "register-always";
    /** Name of the registration policy that uses the global rkey for single-segment I/O (register_always=N). */
    public static final String GLOBAL_KEY_SINGLE_SEGMENT = GlobalKeySingleSegment.NAME;
    /** Name of the CQ policy with the device's default moderation. */
    public static final String FIXED = FixedModeration.NAME;
    /** Names of the SRQ policies. */
    public static final String SRQ_NONE = SrqPolicies.NONE;
    public static final String SRQ_PER_DEVICE = SrqPolicies.PER_DEVICE;
    public static final String SRQ_PER_VECTOR = SrqPolicies.PER_VECTOR;

    public static List<RegistrationPolicyFactory> registration() {
        return List.of(
                AlwaysRegister.factory(REGISTER_ALWAYS, PiMappingOrder.PA_FIRST,
                        "a fast-registration MR for every I/O (nvme-rdma register_always=Y); integrity MRs mapped pa-first"),
                GlobalKeySingleSegment.factory(),
                AlwaysRegister.factory("pa-first", PiMappingOrder.PA_FIRST,
                        "register every I/O; integrity MRs: physical, else MTT, else KLM (mlx5 today)"),
                AlwaysRegister.factory("mtt-first", PiMappingOrder.MTT_FIRST,
                        "register every I/O; integrity MRs: one MTT mkey when the lists have no gaps, else KLM"),
                AlwaysRegister.factory("klm-only", PiMappingOrder.KLM_ONLY,
                        "register every I/O; integrity MRs always through the KLM (indirect) mkey"));
    }

    public static List<CqPolicyFactory> cq() {
        return List.of(FixedModeration.factory());
    }

    public static List<SrqPolicyFactory> srq() {
        return SrqPolicies.factories();
    }
}
