package org.hcasim.ulp.nvmeof;

import java.util.Map;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockProtocol;
import org.hcasim.block.BlockTarget;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.ulp.nvmeof.host.NvmeOfHost;
import org.hcasim.ulp.nvmeof.settings.HostSettings;
import org.hcasim.ulp.nvmeof.settings.TargetAddress;
import org.hcasim.ulp.nvmeof.settings.TargetSettings;
import org.hcasim.ulp.nvmeof.target.NvmeOfTarget;

/** fio's {@code ioengine=nvmeof}: the nvme-rdma host and the nvmet-rdma target over the verbs API. */
public final class NvmeOfBlockProtocol implements BlockProtocol {

    private final Map<String, String> defaults;
    private int controllers;

    public NvmeOfBlockProtocol(Map<String, String> defaults) {
        this.defaults = Map.copyOf(defaults);
    }

    @Override
    public String description() {
        return "NVMe over Fabrics, RDMA transport (nvme-rdma host, nvmet-rdma target)";
    }

    @Override
    public BlockTarget createTarget(BlockTargetContext context) {
        TargetSettings settings = TargetSettings.from(context.config(), defaults);
        var policies = context.policies();
        return new NvmeOfTarget(context.host(), context.address(), context.namespaces(), settings,
                policies.srq(TargetSettings.SRQ_POLICY, settings.srqPolicy()), policies.cq(TargetSettings.CQ_POLICY));
    }

    @Override
    public BlockInitiator createInitiator(BlockInitiatorContext context) {
        HostSettings settings = HostSettings.from(context.config(), defaults);
        var policies = context.policies();
        return new NvmeOfHost(context.host(), TargetAddress.parse(context.targetAddress()), settings,
                policies.registration(HostSettings.REGISTRATION_POLICY, settings.registrationPolicy()),
                policies.cq(HostSettings.CQ_POLICY), controllers++);
    }
}
