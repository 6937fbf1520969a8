package org.hcasim.ulp.rds.ib;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Host;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.message.MessageEndpointContext;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.SocketThread;
import org.hcasim.spi.policy.PolicyRegistry;
import org.hcasim.ulp.rds.RdsProvider;
import org.hcasim.ulp.rds.settings.RdsSettings;

/** Two hosts "a" and "b" with one ConnectX-5 each, and the RDS endpoint on each (engine in test scope). */
final class RdsHosts {
    final VerbsTestbed tb;
    final RdsIbEndpoint a;
    final RdsIbEndpoint b;
    final TestbedPolicies policies;

    RdsHosts(int cores, Map<String, String> settings) {
        this(cores, settings, PayloadMode.REAL);
    }

    RdsHosts(int cores, Map<String, String> settings, PayloadMode payload) {
        this(cores, settings, payload, EngineCosts.withBuiltInDefaults());
    }

    RdsHosts(int cores, Map<String, String> settings, PayloadMode payload, org.hcasim.core.host.CostTable costs) {
        tb = VerbsTestbed.builder().hosts("a", "b").coresPerHost(cores).payload(payload).costs(costs).build();
        Map<String, String> config = new LinkedHashMap<>(new RdsProvider().defaultConfiguration());
        config.putAll(settings);
        policies = TestbedPolicies.builtIn(config);
        RdsSettings rds = RdsSettings.from(config, Map.of());
        a = new RdsIbEndpoint(context(tb.host("a"), config), rds, policies.cq(RdsSettings.CQ_POLICY));
        b = new RdsIbEndpoint(context(tb.host("b"), config), rds, policies.cq(RdsSettings.CQ_POLICY));
    }

    private MessageEndpointContext context(Host host, Map<String, String> config) {
        return new MessageEndpointContext() {
            @Override public Host host() { return host; }
            @Override public String address() { return host.name(); }
            @Override public Map<String, String> config() { return config; }
            @Override public PolicyRegistry policies() { return policies; }
        };
    }

    List<MessageEndpoint> both() {
        return List.of(a, b);
    }

    RdsIbEndpoint endpoint(String name) {
        return name.equals("a") ? a : b;
    }

    /** Starts a thread on b that binds {@code port} and reads every message that arrives there: a test's far end. */
    void startDrainingReceiver(int port) {
        SocketThread[] receiver = new SocketThread[1];
        MessageSocket[] in = new MessageSocket[1];
        receiver[0] = b.thread("receiver", 1, () -> {
            while (in[0].receive() != null) { }
            receiver[0].pollWait();
        });
        in[0] = b.bind(port, receiver[0]);
        receiver[0].start();
    }

    void runUntil(long ns) {
        tb.runUntil(ns);
    }
}
