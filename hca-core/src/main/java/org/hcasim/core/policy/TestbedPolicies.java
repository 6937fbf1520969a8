package org.hcasim.core.policy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.spi.policy.PolicyFactory;
import org.hcasim.spi.policy.PolicyKind;
import org.hcasim.spi.policy.PolicyRegistry;
import org.hcasim.spi.policy.PortReceiveQueues;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.spi.policy.SrqPolicy;

/**
 * The policy registry of one testbed: creates the policies its roles name, from the testbed's configuration,
 * and remembers which are in force (key and policy name, for the run report) and the receive queues every
 * SRQ policy set up (their receive-buffer memory).
 */
public final class TestbedPolicies implements PolicyRegistry {
    private final InstalledPolicies installed;
    private final Map<String, String> config;
    private final Map<String, String> inForce = new LinkedHashMap<>();
    private final List<PortReceiveQueues> receivePorts = new ArrayList<>();

    /** @param config the testbed's effective configuration (reads mark keys as used) */
    public TestbedPolicies(InstalledPolicies installed, Map<String, String> config) {
        this.installed = installed;
        this.config = config;
    }

    /** A registry of only the built-in policies (for testbeds and tests without plugins). */
    public static TestbedPolicies builtIn(Map<String, String> config) {
        return new TestbedPolicies(InstalledPolicies.builtIn(), config);
    }

    @Override
    public List<String> names(PolicyKind kind) {
        return installed.names(kind);
    }

    @Override
    public RegistrationPolicy registration(String key, String name) {
        return (RegistrationPolicy) create(PolicyKind.REGISTRATION, key, name);
    }

    @Override
    public CqPolicy cq(String key, String name) {
        return (CqPolicy) create(PolicyKind.CQ, key, name);
    }

    @Override
    public SrqPolicy srq(String key, String name) {
        SrqPolicy policy = (SrqPolicy) create(PolicyKind.SRQ, key, name);
        return (pd, needs) -> {
            PortReceiveQueues port = policy.forPort(pd, needs);
            receivePorts.add(port);
            return port;
        };
    }

    private Object create(PolicyKind kind, String key, String name) {
        String chosen = name != null ? name : config.get(key);
        if (chosen == null || chosen.isBlank()) {
            throw new InvalidSettingException(key, chosen == null ? "" : chosen,
                    "names no " + kind.label() + " policy; choices: " + String.join(", ", installed.names(kind)));
        }
        chosen = chosen.strip();
        PolicyFactory<?> factory = installed.find(kind, chosen);
        if (factory == null) {
            throw new InvalidSettingException(key, chosen, "unknown " + kind.label() + " policy; choices: "
                    + String.join(", ", installed.names(kind)));
        }
        Object policy = factory.create(PolicyContext.forKey(key, config));
        inForce.put(key, chosen);
        return policy;
    }

    /** The policies created so far: selecting key to policy name, in creation order. */
    public Map<String, String> inForce() {
        return Collections.unmodifiableMap(inForce);
    }

    /** Receive-buffer memory committed now by every port an SRQ policy set up, in bytes. */
    public long receiveBufferBytes() {
        long sum = 0;
        for (PortReceiveQueues p : receivePorts) {
            sum += p.committedBytes();
        }
        return sum;
    }
}
