package org.hcasim.core.testbed;

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
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.core.verbs.SimRdmaDevice;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.spi.UlpProvider;

/**
 * A running block testbed: the two hosts of a {@link BlockTestbedSpec} with one HCA each on one
 * switch, and, per block ULP asked for, that ULP's target (on the target host, serving the spec's
 * namespaces) and initiator (on the initiator host), connected.
 */
public final class BlockTestbed {
    /** Simulated time a ULP may take to connect before the testbed gives up (login, queue setup). */
    private static final long CONNECT_TIMEOUT_NS = 10_000_000_000L;

    private final BlockTestbedSpec spec;
    private final HcasimConfig config;
    private final Map<String, UlpProvider> ulps = new LinkedHashMap<>();
    private final Simulation sim;
    private final SimHost initiator;
    private final SimHost target;
    private final Map<String, List<BlockDevice>> connected = new LinkedHashMap<>();

    public BlockTestbed(BlockTestbedSpec spec, HcasimConfig config, List<? extends UlpProvider> installed) {
        this.spec = spec;
        this.config = config;
        for (UlpProvider p : installed) ulps.put(p.name(), p);
        this.sim = new Simulation(spec.seed());
        this.initiator = host(spec.initiatorHost(), spec.initiatorCores(), spec.initiatorCosts(), spec.hca());
        this.target = host(spec.targetHost(), spec.targetCores(), spec.targetCosts(), spec.hca());
    }

    private SimHost host(String name, int cores, CpuCosts costs, HcaParams hca) {
        SimHost h = new SimHost(sim, name, cores, costs, new SparseHostMemory(name, spec.payload()));
        new SimRdmaDevice(h, "mlx5_0", hca);
        return h;
    }

    public BlockTestbedSpec spec() {
        return spec;
    }

    public Simulation simulation() {
        return sim;
    }

    public SimHost initiatorHost() {
        return initiator;
    }

    public SimHost targetHost() {
        return target;
    }

    /** The installed ULPs that offer block roles. */
    public List<String> blockUlps() {
        return ulps.values().stream().filter(u -> u.blockProtocol().isPresent()).map(UlpProvider::name).sorted().toList();
    }

    /**
     * The devices of {@code ulp}'s initiator after connecting to its target; the first call builds both
     * roles and runs the simulation until the initiator connected.
     */
    public List<BlockDevice> devices(String ulp) {
        List<BlockDevice> devices = connected.get(ulp);
        if (devices != null) return devices;
        if (!spec.ulps().isEmpty() && !spec.ulps().contains(ulp)) {
            throw new ConfigException("the job asks for ioengine=" + ulp + " but testbed.ulps = " + String.join(",", spec.ulps())
                    + " (from " + config.sourceOf("testbed.ulps") + ") does not name it");
        }
        UlpProvider provider = ulps.get(ulp);
        if (provider == null || provider.blockProtocol().isEmpty()) {
            throw new UserException("ioengine=" + ulp + ": " + (provider == null ? "no such ULP installed" : "ULP " + ulp
                    + " has no block roles") + " (block ULPs installed: " + String.join(", ", blockUlps()) + ")");
        }
        BlockProtocol protocol = provider.blockProtocol().get();
        List<BlockNamespaceSpec> namespaces = new ArrayList<>();
        for (int i = 0; i < spec.namespaces(); i++) namespaces.add(spec.namespace(i));
        Map<String, String> view = config.asMap();
        String address = target.name();
        BlockTarget t = protocol.createTarget(new BlockTargetContext() {
            @Override public Host host() { return target; }
            @Override public String address() { return address; }
            @Override public List<BlockNamespaceSpec> namespaces() { return List.copyOf(namespaces); }
            @Override public Map<String, String> config() { return view; }
        });
        t.start();
        BlockInitiator i = protocol.createInitiator(new BlockInitiatorContext() {
            @Override public Host host() { return initiator; }
            @Override public String targetAddress() { return t.address(); }
            @Override public Map<String, String> config() { return view; }
        });
        boolean[] done = {false};
        String[] failure = {null};
        i.connect(() -> done[0] = true, reason -> {
            done[0] = true;
            failure[0] = reason;
        });
        long deadline = sim.now() + CONNECT_TIMEOUT_NS;
        sim.loop().runUntil(() -> done[0] || sim.now() > deadline);
        if (failure[0] != null) {
            throw new UserException(ulp + " initiator on " + initiator.name() + " could not connect to " + t.address() + ": " + failure[0]);
        }
        if (!done[0]) {
            throw new IllegalStateException(ulp + " initiator did not connect to " + t.address() + " within "
                    + CONNECT_TIMEOUT_NS / 1_000_000_000L + " s of simulated time");
        }
        devices = List.copyOf(i.devices());
        connected.put(ulp, devices);
        return devices;
    }
}
