package org.hcasim.block;

import java.util.List;
import java.util.Map;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.PolicyRegistry;

/** What a target role is built from. */
public interface BlockTargetContext {

    /** The host the target runs on; its {@link Host#devices()} are the HCAs it may listen on. */
    Host host();

    /** Address initiators use to reach it (e.g. {@code "target:4420"}); the ULP listens there. */
    String address();

    /** The namespaces / LUNs to export, in order. */
    List<BlockNamespaceSpec> namespaces();

    /** Effective configuration (all keys, already layered and validated by the engine). */
    Map<String, String> config();

    /** The installed policies; the role picks its own by its configuration keys. */
    PolicyRegistry policies();
}
