package org.hcasim.core.testbed;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.core.profile.Profiles;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.verbs.CmDefaults;
import org.hcasim.core.verbs.SimRdmaDevice;
import org.hcasim.host.CpuCosts;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QueuePair;

/**
 * A ready simulation of N hosts, each with one RDMA device ({@code mlx5_0}) on one switch: what ULP tests,
 * benchmarks and experiment testbeds start from.
 *
 * <pre>{@code
 * VerbsTestbed tb = VerbsTestbed.builder().hosts("initiator", "target").coresPerHost(4).build();
 * RdmaDevice dev = tb.device("initiator");   // then allocPd, createCq, createQp, connectionManager() ...
 * tb.run();                                   // runs the event loop until nothing is pending
 * }</pre>
 */
public final class VerbsTestbed {
    private final Simulation simulation;
    private final List<SimHost> hosts;
    private final List<SimRdmaDevice> devices;

    private VerbsTestbed(Simulation simulation, List<SimHost> hosts, List<SimRdmaDevice> devices) {
        this.simulation = simulation;
        this.hosts = List.copyOf(hosts);
        this.devices = List.copyOf(devices);
    }

    public static Builder builder() {
        return new Builder();
    }

    public Simulation simulation() {
        return simulation;
    }

    public List<SimHost> hosts() {
        return hosts;
    }

    public SimHost host(int index) {
        return hosts.get(index);
    }

    public SimHost host(String name) {
        return hosts.get(indexOf(name));
    }

    public SimRdmaDevice device(int index) {
        return devices.get(index);
    }

    public SimRdmaDevice device(String hostName) {
        return devices.get(indexOf(hostName));
    }

    private int indexOf(String name) {
        for (int i = 0; i < hosts.size(); i++) {
            if (hosts.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no host '" + name + "' in the testbed; hosts: "
                + hosts.stream().map(SimHost::name).toList());
    }

    /** Simulated time now, ns. */
    public long now() {
        return simulation.now();
    }

    /** Runs the event loop until no event is pending; returns the simulated time then. */
    public long run() {
        simulation.loop().run();
        return simulation.now();
    }

    /** Runs the event loop up to {@code timeNs}. */
    public long runUntil(long timeNs) {
        simulation.loop().runUntil(timeNs);
        return simulation.now();
    }

    /**
     * Connects two RC QPs directly (no CM): both through INIT (full remote access), RTR and RTS with the
     * given RNR settings and the rdma_cm transport defaults. For tests and micro-benchmarks.
     */
    public static void connect(QueuePair a, QueuePair b, int minRnrTimer, int rnrRetry) {
        for (QueuePair qp : List.of(a, b)) {
            qp.modify(QpAttributes.toInit(AccessFlag.all()));
        }
        a.modify(QpAttributes.toRtr(b.address(), minRnrTimer));
        b.modify(QpAttributes.toRtr(a.address(), minRnrTimer));
        a.modify(QpAttributes.toRts(CmDefaults.TIMEOUT, CmDefaults.RETRY, rnrRetry));
        b.modify(QpAttributes.toRts(CmDefaults.TIMEOUT, CmDefaults.RETRY, rnrRetry));
    }

    /** {@link #connect(QueuePair, QueuePair, int, int)} with the rdma_cm defaults (0.64 ms RNR timer, retry forever). */
    public static void connect(QueuePair a, QueuePair b) {
        connect(a, b, CmDefaults.MIN_RNR_TIMER, CmDefaults.RNR_RETRY);
    }

    /** Host profile whose CPU costs a testbed uses unless told otherwise. */
    public static final String DEFAULT_HOST_PROFILE = "server-24c";
    /** HCA profile a testbed uses unless told otherwise. */
    public static final String DEFAULT_HCA_PROFILE = "connectx5";

    /** CPU costs of the default host profile ({@value #DEFAULT_HOST_PROFILE}). */
    public static CpuCosts defaultCosts() {
        return Profiles.host(DEFAULT_HOST_PROFILE).costs();
    }

    /** Builds a testbed; every setting has a default. */
    public static final class Builder {
        private long seed = 1;
        private List<String> hostNames = List.of("host0", "host1");
        private int coresPerHost = 4;
        private PayloadMode payload = PayloadMode.REAL;
        private HcaParams hca;
        private CpuCosts costs = defaultCosts();
        private Simulation simulation;
        private org.hcasim.core.fault.FaultSettings faults = org.hcasim.core.fault.FaultSettings.NONE;

        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /** Host names (one device each); default {@code host0, host1}. */
        public Builder hosts(String... names) {
            this.hostNames = List.of(names);
            return this;
        }

        /** {@code n} hosts named {@code host0 .. host(n-1)}. */
        public Builder hostCount(int n) {
            List<String> names = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                names.add("host" + i);
            }
            this.hostNames = names;
            return this;
        }

        public Builder coresPerHost(int n) {
            this.coresPerHost = n;
            return this;
        }

        public Builder payload(PayloadMode mode) {
            this.payload = mode;
            return this;
        }

        /** HCA profile by name ({@code connectx3}, {@code connectx4}, {@code connectx5}); default connectx5. */
        public Builder hca(String profile) {
            this.hca = Profiles.hca(profile).params();
            return this;
        }

        /** HCA timing parameters directly (e.g. a profile with overrides). */
        public Builder hca(HcaParams params) {
            this.hca = params;
            return this;
        }

        public Builder costs(CpuCosts c) {
            this.costs = c;
            return this;
        }

        /** Faults to inject (docs/faults.md); the link host must be one of the hosts. Default: none. */
        public Builder faults(org.hcasim.core.fault.FaultSettings f) {
            this.faults = f;
            return this;
        }

        /** Builds into an existing simulation instead of a new one (seed is then ignored). */
        public Builder into(Simulation sim) {
            this.simulation = sim;
            return this;
        }

        public VerbsTestbed build() {
            if (hostNames.isEmpty()) {
                throw new IllegalArgumentException("a testbed needs at least one host");
            }
            Simulation sim = simulation != null ? simulation : new Simulation(seed);
            org.hcasim.core.fault.Faults.install(sim, faults);
            List<SimHost> hosts = new ArrayList<>();
            List<SimRdmaDevice> devices = new ArrayList<>();
            HcaParams params = hca != null ? hca : Profiles.hca(DEFAULT_HCA_PROFILE).params();
            for (String name : hostNames) {
                SimHost h = new SimHost(sim, name, coresPerHost, costs, new SparseHostMemory(name, payload));
                hosts.add(h);
                devices.add(new SimRdmaDevice(h, "mlx5_0", params));
            }
            return new VerbsTestbed(sim, hosts, devices);
        }
    }
}
