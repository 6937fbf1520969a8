package org.hcasim.message;

import java.util.Map;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.PolicyRegistry;

/** What a message endpoint is built from. */
public interface MessageEndpointContext {

    /** The host the endpoint runs on; its {@link Host#devices()} are the HCAs it uses. */
    Host host();

    /** The address peers reach it at (the host's name). */
    String address();

    /** Effective configuration (all keys, already layered and validated by the engine). */
    Map<String, String> config();

    /** The installed policies; the endpoint picks its own (e.g. its CQ policy) by its configuration keys. */
    PolicyRegistry policies();
}
