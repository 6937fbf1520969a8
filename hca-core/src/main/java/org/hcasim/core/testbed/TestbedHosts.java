package org.hcasim.core.testbed;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.LayerKind;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.HostScheduling;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.core.profile.HcaProfile;
import org.hcasim.core.profile.HostProfile;
import org.hcasim.core.profile.ProfileException;
import org.hcasim.core.profile.Profiles;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.CpuCosts;

/**
 * Resolves the hardware of a block testbed from the configuration: each host's profile, cores and CPU
 * costs, and the HCA profile both hosts carry.
 *
 * <p>A host's profile is {@code testbed.<role>.profile}, else {@code host.profile}; without either the
 * engine's default costs ({@link VerbsTestbed#defaultCosts()}) and 8 cores. Its cores are
 * {@code testbed.<role>.cores}, else the profile's {@code host.cores}.
 *
 * <p>Its costs and other {@code host.*} values ({@code host.cores}) follow the configuration's layer order
 * with the role's profile in the profile layer's place: a {@code host.cost.*} key from the built-in defaults (such as fio's costs) only fills in a cost
 * the profile does not define; one from a layer above the profiles (ULP defaults, {@code conf/}, the
 * testbed or experiment file, {@code --set}) overrides the profile, so one override applies to both
 * hosts. ULP defaults are included because they rank above profiles, though a plugin may only define
 * keys in its own area and so none sets a {@code host.cost.*} key today. The profile named by
 * {@code host.profile} is itself a configuration layer; its values reach only the roles that use it.
 *
 * <p>The HCA is {@code hca.profile} (default {@code connectx5}) with the configuration's {@code hca.*}
 * values, so {@code --set hca.port.rate-gbps=200} changes the links.
 */
final class TestbedHosts {
    static final String DEFAULT_HCA = "connectx5";
    static final int CORES_WITHOUT_PROFILE = 8;
    private static final String COST = "host.cost.";
    private static final String HOST = "host.";
    private static final String HOST_PROFILE = "host.profile";

    /** A host's resolved hardware. */
    record HostHardware(String profile, int cores, int sockets, CpuCosts costs, HostScheduling scheduling) {
    }

    private TestbedHosts() {
    }

    static HostHardware host(HcasimConfig config, String role) {
        return host(config, role, Profiles.knownHosts(), Profiles::hostValues);
    }

    /** As {@link #host(HcasimConfig, String)}, with host profiles other than the bundled ones (for tests). */
    static HostHardware host(HcasimConfig config, String role, List<String> knownProfiles,
            Function<String, Map<String, String>> profileValues) {
        String profileKey = "testbed." + role + ".profile";
        String profile = config.getString(profileKey);
        if (profile.isEmpty()) profile = config.getString("host.profile");
        Map<String, String> values = new HashMap<>();
        if (!profile.isEmpty()) {
            if (!knownProfiles.contains(profile)) {
                throw new ConfigException(profileKey + " = '" + profile + "': no such host profile (known: "
                        + String.join(", ", knownProfiles) + ")");
            }
            values.putAll(profileValues.apply(profile));
        } else {
            CostTable base = (CostTable) VerbsTestbed.defaultCosts();
            base.perOperation().forEach((k, v) -> values.put(COST + k + "-ns", Long.toString(v)));
            base.perByte().forEach((k, v) -> values.put(COST + k + "-ns-per-byte", Double.toString(v)));
            values.put("host.description", "engine default costs");
            values.put("host.cores", Integer.toString(CORES_WITHOUT_PROFILE));
        }
        addConfiguredHostValues(config, values);
        HostProfile resolved;
        try {
            resolved = HostProfile.fromValues(profile.isEmpty() ? "default" : profile,
                    "host " + role + (profile.isEmpty() ? "" : " (profile " + profile + ")"), values);
        } catch (ProfileException e) {
            throw new ConfigException(e.getMessage(), e);
        }
        String coresKey = "testbed." + role + ".cores";
        int cores = config.getString(coresKey).isEmpty() ? resolved.cores() : config.getInt(coresKey, 1, 4096);
        return new HostHardware(profile, cores, Math.min(resolved.sockets(), cores), resolved.costs(),
                resolved.scheduling());
    }

    /**
     * Lays the configuration's {@code host.*} keys (costs, {@code host.cores}, ...) on a role's profile values, by
     * layer (see class comment).
     */
    private static void addConfiguredHostValues(HcasimConfig config, Map<String, String> profileValues) {
        Map<String, String> builtIns = new HashMap<>();
        config.layers().stream().filter(layer -> layer.kind() == LayerKind.BUILT_IN_DEFAULTS)
                .forEach(layer -> builtIns.putAll(layer.values()));
        for (String key : config.keys()) {
            if (!key.startsWith(HOST) || key.equals(HOST_PROFILE)) continue;
            switch (sourceLayer(config, key).kind()) {
                case BUILT_IN_DEFAULTS -> profileValues.putIfAbsent(key, config.getString(key));
                // host.profile's value hides the built-in one in the configuration, but this role may use another profile
                case PROFILE -> {
                    if (builtIns.containsKey(key)) profileValues.putIfAbsent(key, builtIns.get(key).strip());
                }
                default -> profileValues.put(key, config.getString(key));
            }
        }
    }

    /** The layer the effective value of {@code key} comes from, as {@link HcasimConfig#sourceOf} names it. */
    private static ConfigLayer sourceLayer(HcasimConfig config, String key) {
        String name = config.sourceOf(key);
        return config.layers().reversed().stream()
                .filter(layer -> layer.name().equals(name) && layer.values().containsKey(key))
                .findFirst().orElseThrow();
    }

    static HcaParams hca(HcasimConfig config) {
        String name = config.getString("hca.profile");
        if (name.isEmpty()) return Profiles.hca(DEFAULT_HCA).params();
        Map<String, String> values = new HashMap<>();
        for (String key : config.keys()) {
            if (key.startsWith("hca.") && !key.equals("hca.profile")) values.put(key, config.getString(key));
        }
        return hcaParams(name, values);
    }

    /**
     * The HCA profile {@code name} for one host ({@code testbed.<role>.hca}, named by {@code key}): the same as
     * {@link #hca(HcasimConfig)} when it is {@code hca.profile}'s; another profile takes its own values with the
     * {@code hca.*} keys of the layers above the profiles laid over them, as host profiles do (see class comment).
     */
    static HcaParams hca(HcasimConfig config, String key, String name) {
        if (name.isEmpty() || name.equals(config.getString("hca.profile"))) return hca(config);
        if (!Profiles.knownHcas().contains(name)) {
            throw new ConfigException(key + " = '" + name + "' (from " + config.sourceOf(key) + "): no such HCA profile (known: "
                    + String.join(", ", Profiles.knownHcas()) + ")");
        }
        Map<String, String> values = new HashMap<>(Profiles.hcaValues(name));
        for (String k : config.keys()) {
            if (!k.startsWith("hca.") || k.equals("hca.profile")) continue;
            switch (sourceLayer(config, k).kind()) {
                case BUILT_IN_DEFAULTS -> values.putIfAbsent(k, config.getString(k));
                case PROFILE -> { } // hca.profile's own value: not this host's profile
                default -> values.put(k, config.getString(k));
            }
        }
        return hcaParams(name, values);
    }

    private static HcaParams hcaParams(String name, Map<String, String> values) {
        try {
            return HcaProfile.fromValues(name, "hca profile " + name + " with the configuration's hca.* values", values).params();
        } catch (ProfileException e) {
            throw new ConfigException(e.getMessage(), e);
        }
    }
}
