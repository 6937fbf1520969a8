package org.hcasim.spi;

import org.hcasim.message.MessageEndpoint;
import org.hcasim.message.MessageEndpointContext;

/**
 * A messaging protocol (RDS): the endpoint it loads on each host of a testbed. Programs (a plugin's tools, a
 * custom workload) get the endpoints from the testbed ({@link SimulatedTestbed#messageEndpoint}) and use its
 * socket API ({@link org.hcasim.message}).
 */
public interface MessageProtocol {

    /** One line for listings. */
    String description();

    /**
     * Creates the protocol's endpoint on {@code context.host()}, ready for sockets; connections to peers come up
     * when programs first send to them. Called outside tasks, once per host.
     */
    MessageEndpoint createEndpoint(MessageEndpointContext context);
}
