package org.hcasim.core.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.HostScheduling;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.host.SparseHostMemory;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.CpuCosts;

/**
 * A typed host profile: core count and named CPU costs from the {@code host.*} keys. Costs are
 * {@code host.cost.<operation>-ns} (per operation) and {@code host.cost.<operation>-ns-per-byte}.
 */
public final class HostProfile {
    /** The costs every host profile must define, because the engine itself uses them. */
    static final java.util.List<String> REQUIRED_COSTS = java.util.List.of(
            CpuCosts.DOORBELL_MMIO, CpuCosts.WQE_BUILD, CpuCosts.IRQ_ENTRY, CpuCosts.IRQ_EXIT,
            CpuCosts.SOFTIRQ_SCHEDULE, CpuCosts.CQ_POLL_PER_CQE, CpuCosts.CQ_ARM, CpuCosts.LOCK_ACQUIRE, CpuCosts.QUEUE_LOCK_HOLD,
            CpuCosts.CONTEXT_SWITCH, CpuCosts.WAKEUP_LATENCY, CpuCosts.WORKQUEUE_DISPATCH, CpuCosts.SYSCALL, CpuCosts.CM_MESSAGE,
            CpuCosts.REG_USER_MR, CpuCosts.PAGE_PIN, CpuCosts.PAGE_DMA_MAP, CpuCosts.PAGE_UNPIN,
            CpuCosts.FW_COMMAND_SUBMIT, CpuCosts.FW_COMMAND_COMPLETE);
    static final java.util.List<String> REQUIRED_PER_BYTE = java.util.List.of(CpuCosts.MEMCPY, CpuCosts.CRC_T10DIF,
            CpuCosts.IP_CHECKSUM);

    private final String name;
    private final int cores;
    private final int sockets;
    private final CostTable costs;
    private final Map<String, String> values;
    private final HostScheduling scheduling;

    /** Optional key: interrupts steal time from thread tasks on their core (SimHost); default false. */
    static final String IRQ_PREEMPTS_THREADS = "host.irq-preempts-threads";
    /** Optional key: soft-IRQ work by the kernel's whole exit rule, with ksoftirqd (SimHost); default false. */
    static final String SOFTIRQ_KSOFTIRQD = "host.softirq-ksoftirqd";
    /** Optional key: time a hard IRQ waits for an idle core to leave its idle state (SimHost); default 0. */
    static final String CPUIDLE_EXIT_LATENCY = "host.cpuidle.exit-latency-ns";
    /** Optional key: a CQ's polling pass reaps only what its poll_cq batches find (SimHost); default false. */
    static final String CQ_POLL_BATCHES = "host.cq-poll-batches";

    private HostProfile(String name, int cores, int sockets, CostTable costs, Map<String, String> values,
            HostScheduling scheduling) {
        this.name = name;
        this.cores = cores;
        this.sockets = sockets;
        this.scheduling = scheduling;
        this.costs = costs;
        this.values = values;
    }

    /** The most cores a host profile takes: what testbed.initiator.cores allows, beyond any server. */
    static final int MAX_CORES = 4096;

    /** Builds a profile from {@code host.*} key/values; a missing, malformed or unknown key is an error. */
    public static HostProfile fromValues(String name, String source, Map<String, String> hostValues) {
        ProfileValues v = new ProfileValues(source, hostValues);
        v.string("host.description");
        int cores = v.boundedInt("host.cores", 1, MAX_CORES);
        int sockets = v.has("host.sockets") ? v.positiveInt("host.sockets") : 1;
        if (sockets > cores) {
            throw new ProfileException(source + ": 'host.sockets' = " + sockets + " is more than its " + cores + " cores");
        }
        Map<String, Long> ns = new LinkedHashMap<>();
        Map<String, Double> perByte = new LinkedHashMap<>();
        for (String k : v.keysUnder("host.cost.")) {
            if (k.endsWith("-ns-per-byte")) {
                perByte.put(k.substring(0, k.length() - "-ns-per-byte".length()),
                        v.nonNegativeDouble("host.cost." + k));
            } else if (k.endsWith("-ns")) {
                ns.put(k.substring(0, k.length() - "-ns".length()), v.nonNegativeLong("host.cost." + k));
            }
        }
        for (String required : REQUIRED_COSTS) {
            if (!ns.containsKey(required)) {
                throw new ProfileException(source + ": missing key 'host.cost." + required + "-ns'");
            }
        }
        for (String required : REQUIRED_PER_BYTE) {
            if (!perByte.containsKey(required)) {
                throw new ProfileException(source + ": missing key 'host.cost." + required + "-ns-per-byte'");
            }
        }
        boolean irqPreemptsThreads = flag(v, source, IRQ_PREEMPTS_THREADS);
        boolean softirqKsoftirqd = flag(v, source, SOFTIRQ_KSOFTIRQD);
        if (irqPreemptsThreads && softirqKsoftirqd) {
            throw new ProfileException(source + ": '" + IRQ_PREEMPTS_THREADS + "' and '" + SOFTIRQ_KSOFTIRQD
                    + "' cannot both be true");
        }
        long cpuidleExitNs = v.has(CPUIDLE_EXIT_LATENCY) ? v.nonNegativeLong(CPUIDLE_EXIT_LATENCY) : 0;
        boolean cqPollBatches = flag(v, source, CQ_POLL_BATCHES);
        v.requireAllRead();
        return new HostProfile(name, cores, sockets, new CostTable(ns, perByte), v.asMap(),
                new HostScheduling(irqPreemptsThreads, softirqKsoftirqd, cpuidleExitNs, cqPollBatches));
    }

    /** An optional true/false key, false when absent. */
    private static boolean flag(ProfileValues v, String source, String key) {
        if (!v.has(key)) return false;
        String text = v.string(key);
        if (!text.equals("true") && !text.equals("false")) {
            throw new ProfileException(source + ": '" + key + "' must be true or false, got '" + text + "'");
        }
        return Boolean.parseBoolean(text);
    }

    public String name() {
        return name;
    }

    public int cores() {
        return cores;
    }

    /** CPU sockets (packages) the cores are split over evenly, in core order; 1 unless {@code host.sockets} says. */
    public int sockets() {
        return sockets;
    }

    public CostTable costs() {
        return costs;
    }

    /** How the host runs interrupt work beside its threads (the optional scheduling keys). */
    public HostScheduling scheduling() {
        return scheduling;
    }

    /** The {@code host.*} key/values this profile was built from. */
    public Map<String, String> values() {
        return values;
    }

    /** Creates a host of this profile in {@code sim}. */
    public SimHost createHost(Simulation sim, String hostName, PayloadMode payload) {
        SimHost host = new SimHost(sim, hostName, cores, sockets, costs, new SparseHostMemory(hostName, payload));
        scheduling.applyTo(host);
        return host;
    }
}
