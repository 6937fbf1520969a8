package org.hcasim.ulp.rds;

import java.util.Map;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.message.MessageEndpointContext;
import org.hcasim.spi.MessageProtocol;
import org.hcasim.ulp.rds.ib.RdsIbEndpoint;
import org.hcasim.ulp.rds.settings.RdsSettings;

/** RDS over IB as a message protocol: the rds_rdma endpoint on each host, with the {@code rds.*} settings. */
final class RdsMessageProtocol implements MessageProtocol {
    private final Map<String, String> defaults;

    RdsMessageProtocol(Map<String, String> defaults) {
        this.defaults = defaults;
    }

    @Override
    public String description() {
        return "RDS over RDMA (rds_rdma): reliable datagram sockets, one RC connection per peer and connection index";
    }

    @Override
    public MessageEndpoint createEndpoint(MessageEndpointContext context) {
        RdsSettings settings = RdsSettings.from(context.config(), defaults);
        return new RdsIbEndpoint(context, settings, context.policies().cq(RdsSettings.CQ_POLICY));
    }
}
