package org.hcasim.core.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.UlpProvider;

/**
 * Assembles the standard layer stack, lowest first: built-in defaults, HCA and host profiles, each
 * plugin's defaults, the distribution's {@code conf/hcasim.properties}, testbed/experiment layers,
 * {@code --set}.
 *
 * <pre>{@code
 * HcasimConfig config = new ConfigLoader()
 *         .ulps(plugins.providers())
 *         .distributionConf(home.resolve("conf/hcasim.properties"))
 *         .testbed(ConfigLayer.fromFile("testbed " + file, LayerKind.TESTBED, file))
 *         .commandLine(ConfigLoader.parseSettings(setOptions))
 *         .load();
 * }</pre>
 */
public final class ConfigLoader {

    /** Built-in defaults resource, next to this class. */
    public static final String DEFAULTS_RESOURCE = "defaults.properties";
    /** Where profiles live on the class path: kind ({@code hca}, {@code host}) and name filled in. */
    public static final String PROFILE_RESOURCE = "/org/hcasim/core/profile/%s/%s.properties";
    /** The layer name of {@code --set}. */
    public static final String COMMAND_LINE = "--set";

    private final List<UlpProvider> ulps = new ArrayList<>();
    private Path distributionConf;
    private final List<ConfigLayer> testbed = new ArrayList<>();
    private final Map<String, String> commandLine = new LinkedHashMap<>();

    /** The installed plugins; their defaults become known keys. */
    public ConfigLoader ulps(List<? extends UlpProvider> providers) {
        ulps.addAll(providers);
        return this;
    }

    /** The distribution's site configuration; ignored if the file does not exist. */
    public ConfigLoader distributionConf(Path file) {
        this.distributionConf = file;
        return this;
    }

    /** A testbed or experiment layer; later calls are higher. */
    public ConfigLoader testbed(ConfigLayer layer) {
        testbed.add(layer);
        return this;
    }

    /** {@code --set} values, the highest layer. */
    public ConfigLoader commandLine(Map<String, String> settings) {
        commandLine.putAll(settings);
        return this;
    }

    public HcasimConfig load() {
        ConfigLayer defaults = ConfigLayer.fromResource("built-in defaults", LayerKind.BUILT_IN_DEFAULTS,
                ConfigLoader.class, DEFAULTS_RESOURCE);
        List<ConfigLayer> overrides = new ArrayList<>();
        if (distributionConf != null && Files.isRegularFile(distributionConf)) {
            overrides.add(ConfigLayer.fromFile("conf/" + distributionConf.getFileName(), LayerKind.DISTRIBUTION, distributionConf));
        }
        overrides.addAll(testbed);
        if (!commandLine.isEmpty()) {
            overrides.add(ConfigLayer.of(COMMAND_LINE, LayerKind.COMMAND_LINE, commandLine));
        }

        List<ConfigLayer> layers = new ArrayList<>();
        layers.add(defaults);
        profile("hca", defaults, overrides).ifPresent(layers::add);
        profile("host", defaults, overrides).ifPresent(layers::add);
        for (UlpProvider ulp : ulps) {
            layers.add(ulpDefaults(ulp));
        }
        layers.addAll(overrides);
        return new HcasimConfig(layers);
    }

    /** The profile named by {@code <kind>.profile} in the highest layer that sets it. */
    private static java.util.Optional<ConfigLayer> profile(String kind, ConfigLayer defaults, List<ConfigLayer> overrides) {
        String key = kind + ".profile";
        ConfigLayer from = defaults;
        for (ConfigLayer layer : overrides) {
            if (layer.values().containsKey(key)) {
                from = layer;
            }
        }
        String name = from.values().getOrDefault(key, "").strip();
        if (name.isEmpty()) {
            return java.util.Optional.empty();
        }
        String resource = PROFILE_RESOURCE.formatted(kind, name);
        if (!name.matches("[a-z0-9][a-z0-9._-]*") || ConfigLoader.class.getResource(resource) == null) {
            throw new ConfigException(key + " = '" + name + "' (from " + from.name() + "): no such " + kind
                    + " profile (looked for class-path resource " + resource + ")");
        }
        try {
            // through Profiles, so that a profile that extends another brings the other's keys too
            return java.util.Optional.of(ConfigLayer.of(kind + " profile " + name, LayerKind.PROFILE,
                    org.hcasim.core.profile.Profiles.values(kind, name)));
        } catch (org.hcasim.core.profile.ProfileException e) {
            throw new ConfigException(key + " = '" + name + "' (from " + from.name() + "): " + e.getMessage(), e);
        }
    }

    /** A plugin's defaults; each key must be in the plugin's own area {@code <name>.}. */
    static ConfigLayer ulpDefaults(UlpProvider ulp) {
        String layerName = "ulp " + ulp.name() + " defaults";
        List<String> foreign = ulp.defaultConfiguration().keySet().stream()
                .filter(k -> !k.startsWith(ulp.name() + "."))
                .sorted()
                .toList();
        if (!foreign.isEmpty()) {
            throw new ConfigException("plugin " + ulp.name() + " defines keys outside its area '" + ulp.name()
                    + ".': " + String.join(", ", foreign));
        }
        return ConfigLayer.of(layerName, LayerKind.ULP_DEFAULTS, new java.util.TreeMap<>(ulp.defaultConfiguration()));
    }

    /** Documentation of the built-in keys, from the comments of {@link #DEFAULTS_RESOURCE}. */
    public static Map<String, String> builtInDocs() {
        return docsOf(DEFAULTS_RESOURCE);
    }

    /**
     * Documentation of the keys of the profiles {@code config} names ({@code hca.profile}, {@code host.profile}),
     * from the comments above them in the profile files.
     */
    public static Map<String, String> profileDocs(HcasimConfig config) {
        Map<String, String> docs = new java.util.TreeMap<>();
        for (String kind : List.of("hca", "host")) {
            String name = config.getString(kind + ".profile").strip();
            if (!name.isEmpty()) {
                for (String file : org.hcasim.core.profile.Profiles.chain(kind, name)) {
                    docs.putAll(docsOf(PROFILE_RESOURCE.formatted(kind, file)));
                }
            }
        }
        return docs;
    }

    private static Map<String, String> docsOf(String resource) {
        try (var in = ConfigLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                return Map.of();
            }
            return ConfigDocs.fromProperties(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** {@code key=value} strings (from {@code --set}) as a map; a string without {@code =} is an error. */
    public static Map<String, String> parseSettings(List<String> settings) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String s : settings) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("--set expects key=value, got '" + s + "'");
            }
            out.put(s.substring(0, eq).strip(), s.substring(eq + 1).strip());
        }
        return out;
    }
}
