package org.hcasim.ulp.rds.stress;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Host;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.message.MessageEndpointContext;
import org.hcasim.spi.SimulatedTestbed;
import org.hcasim.spi.policy.PolicyRegistry;
import org.hcasim.ulp.rds.RdsProvider;
import org.hcasim.ulp.rds.settings.RdsSettings;
import org.hcasim.ulp.rds.ib.EngineCosts;
import org.hcasim.ulp.rds.ib.RdsIbEndpoint;

/** Two hosts with one ConnectX-5 each and the RDS endpoints, as a custom workload sees a testbed (engine in test scope). */
final class TwoHostTestbed implements SimulatedTestbed {
    private final VerbsTestbed tb;
    private final Map<String, String> config;
    private final TestbedPolicies policies;
    private final Map<String, MessageEndpoint> endpoints = new LinkedHashMap<>();

    TwoHostTestbed(int cores, Map<String, String> settings, PayloadMode payload) {
        tb = VerbsTestbed.builder().hosts("initiator", "target").coresPerHost(cores).payload(payload)
                .costs(EngineCosts.withBuiltInDefaults()).build();
        config = new LinkedHashMap<>(new RdsProvider().defaultConfiguration());
        config.putAll(settings);
        policies = TestbedPolicies.builtIn(config);
    }

    @Override
    public List<Host> hosts() {
        return List.copyOf(tb.hosts());
    }

    @Override
    public Host host(String name) {
        return tb.host(name);
    }

    @Override
    public Optional<String> config(String key) {
        return Optional.ofNullable(config.get(key));
    }

    @Override
    public long now() {
        return tb.now();
    }

    @Override
    public void runUntil(long endNs) {
        tb.runUntil(endNs);
    }

    @Override
    public void runUntil(java.util.function.BooleanSupplier done) {
        tb.simulation().loop().runUntil(done::getAsBoolean);
    }

    @Override
    public void startMeasuring() {
        tb.simulation().resources().resetStats(tb.now());
    }

    @Override
    public MessageEndpoint messageEndpoint(String ulp, String hostName) {
        return endpoints.computeIfAbsent(hostName, n -> {
            Host h = tb.host(n);
            MessageEndpointContext ctx = new MessageEndpointContext() {
                @Override public Host host() { return h; }
                @Override public String address() { return n; }
                @Override public Map<String, String> config() { return config; }
                @Override public PolicyRegistry policies() { return policies; }
            };
            return new RdsIbEndpoint(ctx, RdsSettings.from(config, Map.of()), policies.cq(RdsSettings.CQ_POLICY));
        });
    }
}
