package org.hcasim.block;

import java.util.Map;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.PolicyRegistry;

/** What an initiator role is built from. */
public interface BlockInitiatorContext {

    /** The host the initiator runs on (the workload's host). */
    Host host();

    /** The {@link BlockTarget#address()} to connect to. */
    String targetAddress();

    /** Effective configuration (all keys, already layered and validated by the engine). */
    Map<String, String> config();

    /** The installed policies; the role picks its own by its configuration keys. */
    PolicyRegistry policies();
}
