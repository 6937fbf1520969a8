package org.hcasim.core.testbed;

import org.hcasim.block.Backstore;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.PiType;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.host.HostScheduling;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.host.CpuCosts;
import java.util.ArrayList;
import java.util.List;

/**
 * The block testbed a configuration describes ({@code testbed.*} keys, see docs/testbed.md): one or more
 * initiator hosts and a target host (profile, cores, CPU costs, HCA profile), each with one HCA on one switch;
 * the target's HCA may expose several ports as separate RDMA devices; and the target's namespaces.
 *
 * @param initiators    the initiator hosts, in order (at least one); initiator i connects to target device
 *                      i % {@code targetDevices}
 * @param targetDevices RDMA devices of the target's HCA ({@code testbed.target.devices})
 * @param ulps the ULPs the testbed may run ({@code testbed.ulps}); empty = whatever the workload asks for
 *     (fio's ioengine)
 */
public record BlockTestbedSpec(long seed, PayloadMode payload, List<HostSpec> initiators, HostSpec target, int targetDevices,
                               List<String> ulps, int namespaces, BlockNamespaceSpec namespace) {

    /** One host of the testbed: name, cores and the sockets they are on, CPU costs and the HCA it carries. */
    public record HostSpec(String name, int cores, int sockets, CpuCosts costs, HcaParams hca, HostScheduling scheduling) {
        public HostSpec(String name, int cores, int sockets, CpuCosts costs, HcaParams hca) {
            this(name, cores, sockets, costs, hca, HostScheduling.DEFAULT);
        }
    }

    public BlockTestbedSpec {
        initiators = List.copyOf(initiators);
        ulps = List.copyOf(ulps);
        if (initiators.isEmpty()) throw new IllegalArgumentException("a block testbed needs an initiator");
    }

    public static BlockTestbedSpec from(HcasimConfig config) {
        String initiator = hostName(config, "testbed.initiator.host");
        String target = hostName(config, "testbed.target.host");
        int count = config.getInt("testbed.initiators", 1, 1024);
        TestbedHosts.HostHardware initiatorHw = TestbedHosts.host(config, "initiator");
        TestbedHosts.HostHardware targetHw = TestbedHosts.host(config, "target");
        List<String> hcas = config.getList("testbed.initiator.hca");
        if (hcas.size() > 1 && hcas.size() != count) {
            throw new ConfigException("testbed.initiator.hca = '" + config.getString("testbed.initiator.hca") + "' (from "
                    + config.sourceOf("testbed.initiator.hca") + ") names " + hcas.size() + " HCA profiles for "
                    + count + " initiators (testbed.initiators); give one for all or one per initiator");
        }
        List<HostSpec> initiators = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = count == 1 ? initiator : initiator + (i + 1);
            if (name.equals(target)) {
                throw new ConfigException("testbed.initiator.host and testbed.target.host are both '" + target
                        + "'; the initiator and the target need two hosts");
            }
            String hca = hcas.isEmpty() ? "" : hcas.get(hcas.size() == 1 ? 0 : i);
            initiators.add(new HostSpec(name, initiatorHw.cores(), initiatorHw.sockets(), initiatorHw.costs(),
                    TestbedHosts.hca(config, "testbed.initiator.hca", hca), initiatorHw.scheduling()));
        }
        HostSpec targetSpec = new HostSpec(target, targetHw.cores(), targetHw.sockets(), targetHw.costs(),
                TestbedHosts.hca(config, "testbed.target.hca", config.getString("testbed.target.hca")),
                targetHw.scheduling());
        PiType pi = switch (config.getString("testbed.target.pi")) {
            case "none" -> PiType.NONE;
            case "type1" -> PiType.TYPE1;
            case "type2" -> PiType.TYPE2;
            case "type3" -> PiType.TYPE3;
            default -> throw new ConfigException("testbed.target.pi = '" + config.getString("testbed.target.pi") + "' (from "
                    + config.sourceOf("testbed.target.pi") + ") is not one of none, type1, type2, type3");
        };
        BlockFormat format;
        try {
            format = BlockFormat.parse(config.getString("testbed.target.format"), pi);
            if (pi != PiType.NONE && !format.hasPi()) {
                throw new IllegalArgumentException("PI " + config.getString("testbed.target.pi") + " needs a +8 format (512+8 or 4096+8)");
            }
        } catch (IllegalArgumentException e) {
            throw new ConfigException("testbed.target.format = '" + config.getString("testbed.target.format") + "' (from "
                    + config.sourceOf("testbed.target.format") + "): " + e.getMessage());
        }
        Backstore backstore;
        try {
            backstore = Backstore.parse(config.getString("testbed.target.backstore"));
        } catch (IllegalArgumentException e) {
            throw new ConfigException("testbed.target.backstore (from " + config.sourceOf("testbed.target.backstore") + "): " + e.getMessage());
        }
        long size = config.getSize("testbed.target.namespace-size");
        long latency = config.getDurationNanos("testbed.target.latency");
        if (latency < 0 || latency > org.hcasim.core.fault.FaultSettings.MAX_DURATION_NS) {
            throw new ConfigException("testbed.target.latency = " + config.getString("testbed.target.latency") + " (from "
                    + config.sourceOf("testbed.target.latency") + ") must be between 0 and 1000s");
        }
        BlockNamespaceSpec ns;
        try {
            ns = new BlockNamespaceSpec("ns1", backstore, size, format, latency);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("testbed.target.namespace-size (from " + config.sourceOf("testbed.target.namespace-size")
                    + "): " + e.getMessage());
        }
        return new BlockTestbedSpec(config.getLong("sim.seed"), PayloadMode.parse(config.getString("sim.payload")),
                initiators, targetSpec, config.getInt("testbed.target.devices", 1, 16), config.getList("testbed.ulps"),
                config.getInt("testbed.target.namespaces", 1, 1024), ns);
    }

    /** The first initiator's host name. */
    public String initiatorHost() {
        return initiators.get(0).name();
    }

    /** Cores of each initiator. */
    public int initiatorCores() {
        return initiators.get(0).cores();
    }

    /** CPU costs of each initiator. */
    public CpuCosts initiatorCosts() {
        return initiators.get(0).costs();
    }

    public String targetHost() {
        return target.name();
    }

    public int targetCores() {
        return target.cores();
    }

    public CpuCosts targetCosts() {
        return target.costs();
    }

    /** The target's HCA (every host's, unless {@code testbed.<role>.hca} names another). */
    public HcaParams hca() {
        return target.hca();
    }

    private static String hostName(HcasimConfig config, String key) {
        String name = config.getString(key);
        if (!name.matches("[a-z][a-z0-9-]*")) {
            throw new ConfigException(key + " = '" + name + "' (from " + config.sourceOf(key)
                    + ") is not a host name (lower-case letters, digits, '-')");
        }
        return name;
    }

    /** Namespace {@code i} (0-based) of the target: the common settings, named ns1, ns2, ... */
    public BlockNamespaceSpec namespace(int i) {
        return new BlockNamespaceSpec("ns" + (i + 1), namespace.backstore(), namespace.capacityBytes(), namespace.format(),
                namespace.latencyNs());
    }
}
