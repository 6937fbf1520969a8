package org.hcasim.core.testbed;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.core.profile.HcaProfile;
import org.hcasim.core.profile.HostProfile;
import org.hcasim.core.profile.ProfileException;
import org.hcasim.core.profile.Profiles;
import org.hcasim.core.verbs.VerbsTestbed;
import org.hcasim.host.CpuCosts;

/**
 * Resolves the hardware of a block testbed from the configuration: each host's profile, cores and CPU
 * costs, and the HCA profile both hosts carry.
 *
 * <p>A host's profile is {@code testbed.<role>.profile}, else {@code host.profile}; without either the
 * engine's default costs ({@link VerbsTestbed#defaultCosts()}) and 8 cores. Its cores are
 * {@code testbed.<role>.cores}, else the profile's {@code host.cores}. Its costs are the profile's,
 * overridden by every {@code host.cost.*} key that comes from a layer other than a profile (built-in
 * defaults such as fio's costs, the testbed file, {@code --set}), so one override applies to both hosts.
 *
 * <p>The HCA is {@code hca.profile} (default {@code connectx5}) with the configuration's {@code hca.*}
 * values, so {@code --set hca.port.rate-gbps=200} changes the links.
 */
final class TestbedHosts {
    static final String DEFAULT_HCA = "connectx5";
    static final int CORES_WITHOUT_PROFILE = 8;
    private static final String COST = "host.cost.";

    /** A host's resolved hardware. */
    record HostHardware(String profile, int cores, CpuCosts costs) {
    }

    private TestbedHosts() {
    }

    static HostHardware host(HcasimConfig config, String role) {
        String profileKey = "testbed." + role + ".profile";
        String profile = config.getString(profileKey);
        if (profile.isEmpty()) profile = config.getString("host.profile");
        Map<String, String> values = new HashMap<>();
        if (!profile.isEmpty()) {
            if (!Profiles.knownHosts().contains(profile)) {
                throw new ConfigException(profileKey + " = '" + profile + "': no such host profile (known: "
                        + String.join(", ", Profiles.knownHosts()) + ")");
            }
            values.putAll(Profiles.hostValues(profile));
        } else {
            CostTable base = (CostTable) VerbsTestbed.defaultCosts();
            base.perOperation().forEach((k, v) -> values.put(COST + k + "-ns", Long.toString(v)));
            base.perByte().forEach((k, v) -> values.put(COST + k + "-ns-per-byte", Double.toString(v)));
            values.put("host.description", "engine default costs");
            values.put("host.cores", Integer.toString(CORES_WITHOUT_PROFILE));
        }
        for (String key : config.keys()) {
            if (key.startsWith(COST) && !config.sourceOf(key).startsWith("host profile")) {
                values.put(key, config.getString(key));
            }
        }
        HostProfile resolved;
        try {
            resolved = HostProfile.fromValues(profile.isEmpty() ? "default" : profile,
                    "host " + role + (profile.isEmpty() ? "" : " (profile " + profile + ")"), values);
        } catch (ProfileException e) {
            throw new ConfigException(e.getMessage(), e);
        }
        String coresKey = "testbed." + role + ".cores";
        int cores = config.getString(coresKey).isEmpty() ? resolved.cores() : config.getInt(coresKey, 1, 4096);
        return new HostHardware(profile, cores, resolved.costs());
    }

    static HcaParams hca(HcasimConfig config) {
        String name = config.getString("hca.profile");
        if (name.isEmpty()) return Profiles.hca(DEFAULT_HCA).params();
        Map<String, String> values = new HashMap<>();
        for (String key : config.keys()) {
            if (key.startsWith("hca.") && !key.equals("hca.profile")) values.put(key, config.getString(key));
        }
        try {
            return HcaProfile.fromValues(name, "hca profile " + name + " with the configuration's hca.* values", values).params();
        } catch (ProfileException e) {
            throw new ConfigException(e.getMessage(), e);
        }
    }
}
