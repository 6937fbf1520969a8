package org.hcasim.core.testbed;

import com.google.inject.AbstractModule;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.name.Names;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockProtocol;
import org.hcasim.block.BlockTarget;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.UserException;
import org.hcasim.core.fault.Faults;
import org.hcasim.core.fault.HostDataFaults;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.inject.TestbedInjector;
import org.hcasim.core.plugin.InstalledUlps;
import org.hcasim.core.plugin.PluginException;
import org.hcasim.core.policy.InstalledPolicies;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.verbs.SimRdmaDevice;
import org.hcasim.host.Host;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.message.MessageEndpointContext;
import org.hcasim.spi.MessageProtocol;
import org.hcasim.spi.UlpProvider;
import org.hcasim.spi.policy.PolicyRegistry;

/**
 * A running block testbed: the hosts of a {@link BlockTestbedSpec} with one HCA each on one switch (the
 * target's with one device per port it uses), and, per block ULP asked for, that ULP's target (on the target
 * host, serving the spec's namespaces) and an initiator on every initiator host, connected one after the other,
 * initiator i to target device i % devices.
 *
 * <p>The testbed's ULPs are {@code testbed.ulps}, or, when that is empty, the ULPs its workload names
 * (fio's ioengines). The testbed builds its one injector ({@link TestbedInjector}) from them, with the
 * hosts bound as {@code @Named("initiator") Host} (the first initiator) and {@code @Named("target") Host}, and takes each
 * ULP's block roles from that injector, so a plugin's module and injected members take part.
 *
 * <p>The same two hosts serve message ULPs (RDS): {@link #messageEndpoint} loads a ULP's endpoint on either host.
 */
public final class BlockTestbed {
    /** Simulated time a ULP may take to connect before the testbed gives up (login, queue setup). */
    private static final long CONNECT_TIMEOUT_NS = 10_000_000_000L;

    private final BlockTestbedSpec spec;
    private final HcasimConfig config;
    private final InstalledUlps installed;
    private final List<String> ulps;
    private final Simulation sim;
    private final List<SimHost> initiators = new ArrayList<>();
    private final SimHost initiator;
    private final SimHost target;
    private final Map<String, BlockProtocol> blockProtocols;
    private final Map<String, MessageProtocol> messageProtocols;
    private final Map<String, MessageEndpoint> endpoints = new LinkedHashMap<>();
    private final TestbedPolicies policies;
    private final Map<String, List<List<BlockDevice>>> connected = new LinkedHashMap<>();

    /**
     * @param installed    the installed plugins
     * @param workloadUlps the ULPs the workload uses (fio's ioengines); each must be in {@code testbed.ulps}
     *                     when that is set
     */
    public BlockTestbed(BlockTestbedSpec spec, HcasimConfig config, InstalledUlps installed, List<String> workloadUlps) {
        this.spec = spec;
        this.config = config;
        this.installed = installed;
        for (String ulp : workloadUlps) {
            if (!spec.ulps().isEmpty() && !spec.ulps().contains(ulp)) throw notInTestbedUlps(ulp);
        }
        this.ulps = spec.ulps().isEmpty() ? workloadUlps.stream().distinct().toList() : spec.ulps();
        this.sim = new Simulation(spec.seed());
        Faults faults = Faults.install(sim, TestbedFaults.settings(config, spec));
        faults.holdLinkFaults(); // until the workload starts: connecting is not cut off
        for (BlockTestbedSpec.HostSpec h : spec.initiators()) initiators.add(host(h, 1));
        this.initiator = initiators.get(0);
        this.target = host(spec.target(), spec.targetDevices());
        if (faults.any()) {
            for (SimHost h : initiators) h.dataFaults(new HostDataFaults(faults, h.name()));
            target.dataFaults(new HostDataFaults(faults, target.name(), true));
        }
        this.policies = new TestbedPolicies(InstalledPolicies.of(installed), config.asMap());
        Injector injector;
        try {
            injector = TestbedInjector.create(config, installed, ulps, new TestbedModule(initiator, target, policies));
        } catch (PluginException e) {
            throw new UserException((spec.ulps().isEmpty() ? "ioengine=" + String.join(",", ulps)
                    : "testbed.ulps = " + String.join(",", ulps) + " (from " + config.sourceOf("testbed.ulps") + ")")
                    + ": " + e.getMessage(), e);
        }
        this.blockProtocols = injector.getInstance(new Key<Map<String, BlockProtocol>>() { });
        this.messageProtocols = injector.getInstance(new Key<Map<String, MessageProtocol>>() { });
    }

    /** The simulation objects a plugin may ask the testbed's injector for (verbs-api types only). */
    private static final class TestbedModule extends AbstractModule {
        private final Host initiator;
        private final Host target;
        private final PolicyRegistry policies;

        TestbedModule(Host initiator, Host target, PolicyRegistry policies) {
            this.initiator = initiator;
            this.target = target;
            this.policies = policies;
        }

        @Override
        protected void configure() {
            bind(Host.class).annotatedWith(Names.named("initiator")).toInstance(initiator);
            bind(Host.class).annotatedWith(Names.named("target")).toInstance(target);
            bind(PolicyRegistry.class).toInstance(policies);
        }
    }

    private ConfigException notInTestbedUlps(String ulp) {
        return new ConfigException("the job asks for ioengine=" + ulp + " but testbed.ulps = " + String.join(",", spec.ulps())
                + " (from " + config.sourceOf("testbed.ulps") + ") does not name it");
    }

    /** A host with one HCA whose first {@code devices} ports are RDMA devices mlx5_0, mlx5_1, ... on one PCIe link. */
    private SimHost host(BlockTestbedSpec.HostSpec spec, int devices) {
        SimHost h = new SimHost(sim, spec.name(), spec.cores(), spec.sockets(), spec.costs(),
                new SparseHostMemory(spec.name(), this.spec.payload()));
        spec.scheduling().applyTo(h);
        SimRdmaDevice first = new SimRdmaDevice(h, "mlx5_0", spec.hca());
        for (int d = 1; d < devices; d++) new SimRdmaDevice(h, "mlx5_" + d, spec.hca(), first);
        return h;
    }

    public BlockTestbedSpec spec() {
        return spec;
    }

    public Simulation simulation() {
        return sim;
    }

    /**
     * Heap a queue pair costs the simulation with its share of host and HCA state on both ends (rings, WQE and receive
     * bookkeeping, timelines): an estimate, not measured on its own; the fio memory budget's heap share is measured
     * on whole runs with many initiators (docs/faults.md).
     */
    static final long STATE_BYTES_PER_QUEUE = 128 * 1024;

    /**
     * The testbed's own state, estimated before it connects: one queue pair per initiator core to the target (what the
     * block ULPs create), each {@link #STATE_BYTES_PER_QUEUE}.
     */
    public long estimatedStateBytes() {
        return (long) spec.initiators().size() * spec.initiatorCores() * STATE_BYTES_PER_QUEUE;
    }

    /** The inputs {@link #estimatedStateBytes} comes from, for a message. */
    public String estimatedStateInputs() {
        return "testbed.initiators = " + spec.initiators().size() + " x " + spec.initiatorCores()
                + " cores each (a queue per core): lower testbed.initiators or testbed.initiator.cores";
    }

    /** The faults the run injects and their account (docs/faults.md); {@link Faults#off()} without fault settings. */
    public Faults faults() {
        return Faults.of(sim);
    }

    /** The first initiator host. */
    public SimHost initiatorHost() {
        return initiator;
    }

    /** Every initiator host, in order. */
    public List<SimHost> initiatorHosts() {
        return List.copyOf(initiators);
    }

    public SimHost targetHost() {
        return target;
    }

    /** The policies the testbed's roles created, and the memory their receive queues commit. */
    public TestbedPolicies policies() {
        return policies;
    }

    /** The testbed's ULPs that offer block roles, sorted. */
    public List<String> blockUlps() {
        return blockProtocols.keySet().stream().sorted().toList();
    }

    /**
     * The devices of {@code ulp}'s initiator on the first initiator host after connecting to its target; the
     * first call builds the target and every initiator and runs the simulation until they connected.
     */
    public List<BlockDevice> devices(String ulp) {
        return devices(ulp, 0);
    }

    /** As {@link #devices(String)}, for initiator host {@code initiatorIndex} (0-based). */
    public List<BlockDevice> devices(String ulp, int initiatorIndex) {
        List<List<BlockDevice>> devices = connected.get(ulp);
        if (devices == null) {
            devices = connect(ulp);
            connected.put(ulp, devices);
        }
        return devices.get(initiatorIndex);
    }

    private List<List<BlockDevice>> connect(String ulp) {
        if (!ulps.contains(ulp)) {
            if (!spec.ulps().isEmpty()) throw notInTestbedUlps(ulp);
            throw new IllegalArgumentException("ioengine=" + ulp + " is not one of the ULPs this testbed was built for: " + ulps);
        }
        BlockProtocol protocol = blockProtocols.get(ulp);
        if (protocol == null) {
            List<String> blockInstalled = installed.providers().stream().filter(u -> u.blockProtocol().isPresent())
                    .map(UlpProvider::name).toList();
            throw new UserException("ioengine=" + ulp + ": ULP " + ulp + " has no block roles (block ULPs installed: "
                    + String.join(", ", blockInstalled) + ")");
        }
        List<BlockNamespaceSpec> namespaces = new ArrayList<>();
        for (int i = 0; i < spec.namespaces(); i++) namespaces.add(spec.namespace(i));
        Map<String, String> view = config.asMap();
        String address = target.name();
        BlockTarget t;
        try {
            t = protocol.createTarget(new BlockTargetContext() {
                @Override public Host host() { return target; }
                @Override public String address() { return address; }
                @Override public List<BlockNamespaceSpec> namespaces() { return List.copyOf(namespaces); }
                @Override public Map<String, String> config() { return view; }
                @Override public PolicyRegistry policies() { return policies; }
            });
            t.start();
        } catch (InvalidSettingException e) {
            throw withSource(e);
        }
        List<List<BlockDevice>> all = new ArrayList<>();
        for (int k = 0; k < initiators.size(); k++) {
            all.add(connectInitiator(ulp, protocol, initiators.get(k), TargetAddresses.onDevice(t.address(),
                    k % spec.targetDevices(), spec.targetDevices()), view));
        }
        return all;
    }

    /** Builds {@code ulp}'s initiator on {@code host} and runs the simulation until it connected to {@code address}. */
    private List<BlockDevice> connectInitiator(String ulp, BlockProtocol protocol, SimHost host, String address,
                                               Map<String, String> view) {
        BlockInitiator i;
        try {
            i = protocol.createInitiator(new BlockInitiatorContext() {
                @Override public Host host() { return host; }
                @Override public String targetAddress() { return address; }
                @Override public Map<String, String> config() { return view; }
                @Override public PolicyRegistry policies() { return policies; }
            });
        } catch (InvalidSettingException e) {
            throw withSource(e);
        }
        boolean[] done = {false};
        String[] failure = {null};
        try {
            i.connect(() -> done[0] = true, reason -> {
                done[0] = true;
                failure[0] = reason;
            });
            long deadline = sim.now() + CONNECT_TIMEOUT_NS;
            sim.loop().runUntil(() -> done[0] || sim.now() > deadline);
        } catch (org.hcasim.verbs.VerbsException e) {
            // a verb refused while the ULPs set up their queues: the profile's verbs limits are below what they ask for
            throw new UserException(ulp + " initiator on " + host.name() + " could not connect to " + address + ": "
                    + e.getMessage() + (e instanceof org.hcasim.verbs.DeviceLimitException ? ", below what " + ulp + " asks for"
                    : " (the HCA profiles' hca.verbs.* limits are below what " + ulp + " asks for)"));
        }
        if (failure[0] != null) {
            throw new UserException(ulp + " initiator on " + host.name() + " could not connect to " + address + ": " + failure[0]);
        }
        if (!done[0]) {
            // Within the checked ranges a profile can still make connecting take longer (firmware or link latencies
            // near their bounds): the input's doing, so a user error, not an internal one.
            throw new UserException(ulp + " initiator on " + host.name() + " did not connect to " + address + " within "
                    + CONNECT_TIMEOUT_NS / 1_000_000_000L + " s of simulated time: the profiles' latencies and costs"
                    + " (hca.*, host.cost.*) or the faults (fault.*) leave it no time to");
        }
        return List.copyOf(i.devices());
    }

    /**
     * The endpoint of message ULP {@code ulp} on the host named {@code hostName} (the initiator or the target),
     * created on first use with the testbed's configuration and policies.
     */
    public MessageEndpoint messageEndpoint(String ulp, String hostName) {
        SimHost host = hostName.equals(initiator.name()) ? initiator : hostName.equals(target.name()) ? target : null;
        if (host == null) {
            throw new UserException("no host '" + hostName + "' in the testbed (hosts: " + initiator.name() + ", "
                    + target.name() + ")");
        }
        String key = ulp + "@" + hostName;
        MessageEndpoint existing = endpoints.get(key);
        if (existing != null) return existing;
        if (!ulps.contains(ulp)) {
            throw new UserException(ulp + " is not one of the ULPs of this testbed (" + String.join(", ", ulps)
                    + "); name it in testbed.ulps");
        }
        MessageProtocol protocol = messageProtocols.get(ulp);
        if (protocol == null) {
            List<String> messaging = installed.providers().stream().filter(u -> u.messageProtocol().isPresent())
                    .map(UlpProvider::name).toList();
            throw new UserException("ULP " + ulp + " has no message endpoints (message ULPs installed: "
                    + String.join(", ", messaging) + ")");
        }
        Map<String, String> view = config.asMap();
        MessageEndpoint endpoint;
        try {
            endpoint = protocol.createEndpoint(new MessageEndpointContext() {
                @Override public Host host() { return host; }
                @Override public String address() { return host.name(); }
                @Override public Map<String, String> config() { return view; }
                @Override public PolicyRegistry policies() { return policies; }
            });
        } catch (InvalidSettingException e) {
            throw withSource(e);
        }
        endpoints.put(key, endpoint);
        return endpoint;
    }

    /** A plugin's refused setting as a config error naming the layer the value came from (--set, a file, ...). */
    private ConfigException withSource(InvalidSettingException e) {
        if (!config.isKnown(e.key())) {
            return new ConfigException(e.getMessage(), e);
        }
        return new ConfigException(e.key() + " = " + e.value() + " (from " + config.sourceOf(e.key()) + "): "
                + e.allowed(), e);
    }
}
