package org.hcasim.core.testbed;

import org.hcasim.block.Backstore;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.PiType;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.host.CpuCosts;

/**
 * The block testbed a configuration describes ({@code testbed.*} keys, see docs/testbed.md): an
 * initiator host and a target host (profile, cores, CPU costs), each with one HCA of the
 * {@code hca.profile} on one switch, and the target's namespaces.
 *
 * @param ulps the ULPs the testbed may run ({@code testbed.ulps}); empty = whatever the workload asks for
 *     (fio's ioengine)
 */
public record BlockTestbedSpec(long seed, PayloadMode payload, String initiatorHost, int initiatorCores,
                               CpuCosts initiatorCosts, String targetHost, int targetCores, CpuCosts targetCosts, HcaParams hca,
                               java.util.List<String> ulps, int namespaces, BlockNamespaceSpec namespace) {

    public static BlockTestbedSpec from(HcasimConfig config) {
        String initiator = hostName(config, "testbed.initiator.host");
        String target = hostName(config, "testbed.target.host");
        if (initiator.equals(target)) {
            throw new ConfigException("testbed.initiator.host and testbed.target.host are both '" + initiator
                    + "'; the initiator and the target need two hosts");
        }
        TestbedHosts.HostHardware initiatorHw = TestbedHosts.host(config, "initiator");
        TestbedHosts.HostHardware targetHw = TestbedHosts.host(config, "target");
        HcaParams hca = TestbedHosts.hca(config);
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
        BlockNamespaceSpec ns;
        try {
            ns = new BlockNamespaceSpec("ns1", backstore, size, format, config.getDurationNanos("testbed.target.latency"));
        } catch (IllegalArgumentException e) {
            throw new ConfigException("testbed.target.namespace-size (from " + config.sourceOf("testbed.target.namespace-size")
                    + "): " + e.getMessage());
        }
        return new BlockTestbedSpec(config.getLong("sim.seed"), PayloadMode.parse(config.getString("sim.payload")),
                initiator, initiatorHw.cores(), initiatorHw.costs(), target, targetHw.cores(), targetHw.costs(),
                hca, config.getList("testbed.ulps"), config.getInt("testbed.target.namespaces", 1, 1024), ns);
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
