package org.hcasim.fio.loopback;

import java.util.List;
import java.util.Map;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.spi.policy.PolicyRegistry;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockTarget;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.core.config.UserException;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.Simulation;
import org.hcasim.fio.FioTestbed;
import org.hcasim.host.Host;
import org.hcasim.fio.SubmitPath;

/** Two hosts joined by the {@link LoopbackBlockProtocol} ({@code ioengine=loopback}), for fio engine tests. */
public final class LoopbackTestbed implements FioTestbed {
    /** Test CPU costs (ns, ns per byte): round numbers, not a real machine. */
    public static final Map<String, Long> COSTS = Map.of("fio-io", 300L, "block-submit", 700L, "block-complete", 400L,
            "aio-submit", 0L, "aio-complete", 0L, "syscall", 100L, "context-switch", 1_000L, "wakeup-latency", 2_000L);
    public static final Map<String, Double> PER_BYTE = Map.of("crc32c", 0.1, "crc32", 0.2, "md5", 1.5, "sha1", 1.0,
            "sha256", 2.0, "pattern", 0.05, "crc-t10dif", 0.3);

    private final Simulation sim = new Simulation(1);
    private final SimHost initiator;
    private final SimHost target;
    public final LoopbackBlockProtocol protocol;
    private final List<BlockNamespaceSpec> namespaces;
    private List<BlockDevice> devices;
    private SubmitPath submitPath = SubmitPath.IO_URING;

    public LoopbackTestbed(int initiatorCores, long oneWayNs, List<BlockNamespaceSpec> namespaces) {
        this(initiatorCores, oneWayNs, namespaces, PayloadMode.REAL);
    }

    public LoopbackTestbed(int initiatorCores, long oneWayNs, List<BlockNamespaceSpec> namespaces, PayloadMode mode) {
        this(initiatorCores, oneWayNs, namespaces, mode, Map.of());
    }

    /** As above, with {@code costOverrides} (ns per operation) in place of the {@link #COSTS} they name. */
    public LoopbackTestbed(int initiatorCores, long oneWayNs, List<BlockNamespaceSpec> namespaces, PayloadMode mode,
                           Map<String, Long> costOverrides) {
        Map<String, Long> ns = new java.util.HashMap<>(COSTS);
        ns.putAll(costOverrides);
        CostTable costs = new CostTable(ns, PER_BYTE);
        this.initiator = new SimHost(sim, "initiator", initiatorCores, costs, new SparseHostMemory("initiator", mode));
        this.target = new SimHost(sim, "target", 2, costs, new SparseHostMemory("target", mode));
        this.protocol = new LoopbackBlockProtocol(oneWayNs, 500);
        this.namespaces = namespaces;
    }

    /** This testbed with fio's threads on {@code path} ({@code fio.submit-path}). */
    public LoopbackTestbed submitPath(SubmitPath path) {
        this.submitPath = path;
        return this;
    }

    @Override
    public SubmitPath submitPath() {
        return submitPath;
    }

    @Override
    public Simulation simulation() {
        return sim;
    }

    @Override
    public Host initiatorHost() {
        return initiator;
    }

    public SimHost targetHost() {
        return target;
    }

    @Override
    public List<BlockDevice> devices(String ioengine) {
        if (!ioengine.equals("loopback")) {
            throw new UserException("ioengine " + ioengine + " is not available (available: loopback)");
        }
        if (devices == null) {
            BlockTarget t = protocol.createTarget(new BlockTargetContext() {
                public Host host() { return target; }
                public String address() { return "target:1"; }
                public List<BlockNamespaceSpec> namespaces() { return namespaces; }
                public Map<String, String> config() { return Map.of(); }
                public PolicyRegistry policies() { return TestbedPolicies.builtIn(Map.of()); }
            });
            t.start();
            BlockInitiator i = protocol.createInitiator(new BlockInitiatorContext() {
                public Host host() { return initiator; }
                public String targetAddress() { return "target:1"; }
                public Map<String, String> config() { return Map.of(); }
                public PolicyRegistry policies() { return TestbedPolicies.builtIn(Map.of()); }
            });
            String[] failure = {null};
            boolean[] connected = {false};
            i.connect(() -> connected[0] = true, f -> failure[0] = f);
            sim.loop().runUntil(() -> connected[0] || failure[0] != null);
            if (!connected[0]) throw new UserException("loopback connect failed: " + failure[0]);
            devices = i.devices();
        }
        return devices;
    }
}
