package org.hcasim.core.verbs;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.CpuCosts;
import org.hcasim.verbs.DeviceAttributes;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.AccessFlag;

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
        a.modify(QpAttributes.toRts(SimConnectionManager.CM_TIMEOUT, SimConnectionManager.CM_RETRY, rnrRetry));
        b.modify(QpAttributes.toRts(SimConnectionManager.CM_TIMEOUT, SimConnectionManager.CM_RETRY, rnrRetry));
    }

    /** {@link #connect(QueuePair, QueuePair, int, int)} with the rdma_cm defaults (0.64 ms RNR timer, retry forever). */
    public static void connect(QueuePair a, QueuePair b) {
        connect(a, b, SimConnectionManager.CM_MIN_RNR_TIMER, SimConnectionManager.CM_RNR_RETRY);
    }

    /**
     * CPU costs used when no host profile is given: a 2-3 GHz x86 server core. Sources: MMIO doorbell write
     * ~100 ns (uncached write + sfence); interrupt entry/exit ~0.5/0.2 us (Linux irq path with mlx5 EQ
     * handling); soft-IRQ raise ~150 ns; one CQE poll ~50 ns (cache miss on the CQE + parsing); WQE build
     * ~60 ns; work item dispatch ~1 us (wake the kworker); context switch ~2 us; wake-up latency ~5 us.
     */
    public static CpuCosts defaultCosts() {
        return new CostTable(Map.ofEntries(
                Map.entry(CpuCosts.DOORBELL_MMIO, 100L),
                Map.entry(CpuCosts.WQE_BUILD, 60L),
                Map.entry(CpuCosts.IRQ_ENTRY, 500L),
                Map.entry(CpuCosts.IRQ_EXIT, 200L),
                Map.entry(CpuCosts.SOFTIRQ_SCHEDULE, 150L),
                Map.entry(CpuCosts.CQ_POLL_PER_CQE, 50L),
                Map.entry(CpuCosts.CQ_ARM, 50L),
                Map.entry(CpuCosts.LOCK_ACQUIRE, 20L),
                Map.entry(CpuCosts.CONTEXT_SWITCH, 2000L),
                Map.entry(CpuCosts.WAKEUP_LATENCY, 5000L),
                Map.entry(CpuCosts.WORKQUEUE_DISPATCH, 1000L),
                Map.entry(CpuCosts.SYSCALL, 100L)),
                Map.of(CpuCosts.MEMCPY, 0.1, CpuCosts.CRC_T10DIF, 0.5));
    }

    /** Builds a testbed; every setting has a default. */
    public static final class Builder {
        private long seed = 1;
        private List<String> hostNames = List.of("host0", "host1");
        private int coresPerHost = 4;
        private PayloadMode payload = PayloadMode.REAL;
        private HcaTimingParameters timing = HcaTimingParameters.connectX5();
        private CpuCosts costs = defaultCosts();
        private Simulation simulation;

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

        public Builder timing(HcaTimingParameters t) {
            this.timing = t;
            return this;
        }

        public Builder costs(CpuCosts c) {
            this.costs = c;
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
            List<SimHost> hosts = new ArrayList<>();
            List<SimRdmaDevice> devices = new ArrayList<>();
            DeviceAttributes attrs = DeviceProfiles.connectX5(coresPerHost);
            for (String name : hostNames) {
                SimHost h = new SimHost(sim, name, coresPerHost, costs, new SparseHostMemory(name, payload));
                hosts.add(h);
                devices.add(new SimRdmaDevice(h, "mlx5_0", attrs, timing));
            }
            return new VerbsTestbed(sim, hosts, devices);
        }
    }
}
