package org.hcasim.ulp.iser;

import java.util.Map;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockProtocol;
import org.hcasim.block.BlockTarget;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.spi.settings.Settings;
import org.hcasim.ulp.iser.initiator.IserInitiator;
import org.hcasim.ulp.iser.settings.InitiatorSettings;
import org.hcasim.ulp.iser.settings.TargetSettings;
import org.hcasim.ulp.iser.target.IserTarget;

/** fio's {@code ioengine=iser}: the Linux iSER initiator (ib_iser, open-iscsi) and the LIO target with isert. */
public final class IserBlockProtocol implements BlockProtocol {

    /** The registration policy that leaves single-segment I/O under the global key (ib_iser always_register=N). */
    static final String GLOBAL_KEY_POLICY = "global-key-single-segment";

    private final Map<String, String> defaults;

    public IserBlockProtocol(Map<String, String> defaults) {
        this.defaults = Map.copyOf(defaults);
    }

    @Override
    public String description() {
        return "iSCSI Extensions for RDMA (ib_iser + open-iscsi initiator, LIO target with isert)";
    }

    @Override
    public BlockTarget createTarget(BlockTargetContext context) {
        TargetSettings settings = TargetSettings.from(context.config(), defaults);
        var policies = context.policies();
        return new IserTarget(context.host(), context.address(), context.namespaces(), settings,
                policies.registration(TargetSettings.REGISTRATION_POLICY), policies.cq(TargetSettings.CQ_POLICY));
    }

    /**
     * The initiator. ib_iser lets the target invalidate its STags (it does not set ISER_SEND_W_INV_NOT_SUP) only
     * when it registers every I/O (remote_inv_sup = always_register): not with the global-key policy.
     */
    @Override
    public BlockInitiator createInitiator(BlockInitiatorContext context) {
        InitiatorSettings settings = InitiatorSettings.from(context.config(), defaults);
        String policy = Settings.of(context.config(), defaults).string(InitiatorSettings.REGISTRATION_POLICY);
        var policies = context.policies();
        return new IserInitiator(context.host(), context.targetAddress(), settings,
                policies.registration(InitiatorSettings.REGISTRATION_POLICY, policy), policies.cq(InitiatorSettings.CQ_POLICY),
                !GLOBAL_KEY_POLICY.equals(policy));
    }
}
