package org.hcasim.ulp.srp;

import java.util.Map;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockProtocol;
import org.hcasim.block.BlockTarget;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.ulp.srp.initiator.SrpInitiator;
import org.hcasim.ulp.srp.settings.InitiatorSettings;
import org.hcasim.ulp.srp.settings.SrpAddress;
import org.hcasim.ulp.srp.settings.TargetSettings;
import org.hcasim.ulp.srp.target.SrpTarget;

/** fio's {@code ioengine=srp}: the ib_srp initiator and the ib_srpt target over the verbs API. */
public final class SrpBlockProtocol implements BlockProtocol {
    private final Map<String, String> defaults;

    public SrpBlockProtocol(Map<String, String> defaults) {
        this.defaults = Map.copyOf(defaults);
    }

    @Override
    public String description() {
        return "SCSI RDMA Protocol (ib_srp initiator, ib_srpt target)";
    }

    @Override
    public BlockTarget createTarget(BlockTargetContext context) {
        TargetSettings settings = TargetSettings.from(context.config(), defaults);
        var policies = context.policies();
        return new SrpTarget(context.host(), context.address(), context.namespaces(), settings,
                policies.srq(TargetSettings.SRQ_POLICY, settings.srqPolicy()), policies.cq(TargetSettings.CQ_POLICY));
    }

    @Override
    public BlockInitiator createInitiator(BlockInitiatorContext context) {
        InitiatorSettings settings = InitiatorSettings.from(context.config(), defaults);
        var policies = context.policies();
        SrpAddress address;
        try {
            address = SrpAddress.parse(context.targetAddress());
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException("testbed.target.host", context.targetAddress(), e.getMessage());
        }
        return new SrpInitiator(context.host(), address, settings,
                policies.registration(InitiatorSettings.REGISTRATION_POLICY, settings.registrationPolicy()),
                policies.cq(InitiatorSettings.CQ_POLICY));
    }
}
