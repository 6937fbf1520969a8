package org.hcasim.core.config;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.apache.commons.configuration2.CompositeConfiguration;
import org.apache.commons.configuration2.Configuration;
import org.apache.commons.configuration2.MapConfiguration;
import org.apache.commons.configuration2.interpol.ConfigurationInterpolator;
import org.apache.commons.configuration2.interpol.DefaultLookups;
import org.hcasim.spi.settings.SettingGrammar;

/**
 * The effective configuration of one run: layers from built-in defaults up to {@code --set}, each
 * value resolved ({@code ${other.key}}, {@code ${sys:...}}, {@code ${env:...}}) and traced to its layer.
 *
 * <p>Construction already rejects what can be rejected early, all problems of a kind at once:
 * keys not of the form {@code area.kebab-case}; keys set that no defaults layer defines (each with
 * the closest known key); {@code ${...}} that does not resolve.
 *
 * <p>Typed getters record which keys were read, so that {@link #checkAllKeysUsed()} can report keys a
 * testbed or {@code --set} gave but nothing used. A bad value is a {@link ConfigException} naming key,
 * value and layer. Reading a key that no layer defines is a bug (the reader forgot its default) and
 * throws {@link IllegalArgumentException}.
 */
public final class HcasimConfig {

    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9]*(\\.[a-z0-9]+(-[a-z0-9]+)*)+");

    private final List<ConfigLayer> layers;
    private final SortedMap<String, String> values = new TreeMap<>();
    private final Map<String, ConfigLayer> sources = new TreeMap<>();
    private final Set<String> known = new TreeSet<>();
    private final Set<String> read = ConcurrentHashMap.newKeySet();

    /** @param layers lowest precedence first */
    public HcasimConfig(List<ConfigLayer> layers) {
        this.layers = List.copyOf(layers);
        checkKeySyntax();
        for (ConfigLayer layer : this.layers) {
            if (layer.kind().definesKeys()) {
                known.addAll(layer.values().keySet());
            }
        }
        checkAllKeysKnown();
        resolve();
        checkValuesHaveTheirDefaultsShape();
    }

    // ---------------------------------------------------------------- typed getters

    /** The value, trimmed. */
    public String getString(String key) {
        return value(key);
    }

    public int getInt(String key) {
        long v = getLong(key);
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw bad(key, "is out of range for an int");
        }
        return (int) v;
    }

    /** An int within {@code [min, max]}. */
    public int getInt(String key, int min, int max) {
        int v = getInt(key);
        if (v < min || v > max) {
            throw bad(key, "must be between " + min + " and " + max);
        }
        return v;
    }

    public long getLong(String key) {
        return parse(key, SettingGrammar::parseLong);
    }

    public double getDouble(String key) {
        return parse(key, SettingGrammar::parseDouble);
    }

    /** {@code true} or {@code false} (nothing else, so typos do not silently mean false). */
    public boolean getBoolean(String key) {
        return parse(key, SettingGrammar::parseBoolean);
    }

    /** A byte count: a whole number with an optional binary suffix k, m, g, t (powers of 1024), e.g. {@code 4k}. */
    public long getSize(String key) {
        return parse(key, SettingGrammar::parseSize);
    }

    /** A duration in nanoseconds: a number with unit ns, us, ms or s, e.g. {@code 1.5us}; {@code 0} needs no unit. */
    public long getDurationNanos(String key) {
        return parse(key, SettingGrammar::parseDurationNanos);
    }

    /** One of the constants of {@code type}, written in kebab-case ({@code PER_QP} is {@code per-qp}). */
    public <E extends Enum<E>> E getEnum(String key, Class<E> type) {
        return parse(key, v -> SettingGrammar.parseChoice(v, type));
    }

    /** Reads {@code key} with one parser of the shared grammar ({@link SettingGrammar}); its complaint names the key. */
    private <T> T parse(String key, java.util.function.Function<String, T> parser) {
        String v = value(key);
        try {
            return parser.apply(v);
        } catch (IllegalArgumentException e) {
            throw bad(key, e.getMessage());
        }
    }

    /** A comma-separated list, each item trimmed; an empty value is an empty list. */
    public List<String> getList(String key) {
        String v = value(key);
        if (v.isEmpty()) {
            return List.of();
        }
        List<String> items = new ArrayList<>();
        for (String item : v.split(",", -1)) {
            String t = item.strip();
            if (t.isEmpty()) {
                throw bad(key, "has an empty list item");
            }
            items.add(t);
        }
        return List.copyOf(items);
    }

    // ---------------------------------------------------------------- introspection

    /** Whether some defaults layer defines {@code key}. */
    public boolean isKnown(String key) {
        return known.contains(key);
    }

    /** All known keys, sorted. */
    public Set<String> keys() {
        return Collections.unmodifiableSet(values.keySet());
    }

    /** The name of the layer the effective value of {@code key} comes from. */
    public String sourceOf(String key) {
        requireKnown(key);
        return sources.get(key).name();
    }

    /** The effective configuration, sorted by key: what {@code hcasim config} prints. Does not count as reading. */
    public List<Entry> entries() {
        List<Entry> out = new ArrayList<>();
        values.forEach((k, v) -> out.add(new Entry(k, v, sources.get(k).name())));
        return out;
    }

    /** One effective key: its resolved value and the layer it came from. */
    public record Entry(String key, String value, String source) { }

    /** The layers, lowest precedence first. */
    public List<ConfigLayer> layers() {
        return layers;
    }

    /** This configuration with one more layer on top (e.g. an experiment point's settings). */
    public HcasimConfig withLayer(ConfigLayer layer) {
        List<ConfigLayer> more = new ArrayList<>(layers);
        more.add(layer);
        return new HcasimConfig(more);
    }

    /**
     * A read-only map view for code that cannot see this class (plugins get a {@code Map<String, String>}):
     * {@code get(key)} counts as reading the key; iterating does not.
     */
    public Map<String, String> asMap() {
        return new AbstractMap<>() {
            @Override
            public String get(Object key) {
                if (!(key instanceof String k) || !values.containsKey(k)) {
                    return null;
                }
                read.add(k);
                return values.get(k);
            }

            @Override
            public boolean containsKey(Object key) {
                return values.containsKey(key);
            }

            @Override
            public Set<Map.Entry<String, String>> entrySet() {
                return Collections.unmodifiableMap(values).entrySet();
            }
        };
    }

    /**
     * Fails if a key set by a testbed/experiment file or {@code --set} was read by nothing: such a
     * setting had no effect, which the user must hear about. Call after the run was set up.
     */
    public void checkAllKeysUsed() {
        List<String> unused = new ArrayList<>();
        for (ConfigLayer layer : layers) {
            if (!layer.kind().mustBeRead()) {
                continue;
            }
            for (String key : layer.values().keySet()) {
                if (!read.contains(key)) {
                    unused.add(key + " (from " + layer.name() + ")");
                }
            }
        }
        if (!unused.isEmpty()) {
            throw new ConfigException((unused.size() == 1 ? "setting has no effect, nothing reads it: "
                    : unused.size() + " settings have no effect, nothing reads them: ") + String.join(", ", unused));
        }
    }

    // ---------------------------------------------------------------- construction checks

    private void checkKeySyntax() {
        List<String> badKeys = new ArrayList<>();
        for (ConfigLayer layer : layers) {
            for (String key : layer.values().keySet()) {
                if (!KEY.matcher(key).matches()) {
                    badKeys.add("'" + key + "' (from " + layer.name() + ")");
                }
            }
        }
        if (!badKeys.isEmpty()) {
            throw new ConfigException("configuration keys must look like area.kebab-case: " + String.join(", ", badKeys));
        }
    }

    private void checkAllKeysKnown() {
        List<String> unknown = new ArrayList<>();
        KeySuggester suggester = new KeySuggester(known);
        for (ConfigLayer layer : layers) {
            for (String key : layer.values().keySet()) {
                if (!known.contains(key)) {
                    unknown.add(key + " (from " + layer.name() + ")" + suggester.didYouMean(key));
                }
            }
        }
        if (unknown.size() == 1) {
            throw new ConfigException("unknown configuration key " + unknown.getFirst());
        }
        if (!unknown.isEmpty()) {
            throw new ConfigException(unknown.size() + " unknown configuration keys: " + String.join("; ", unknown));
        }
    }

    /** Layers into one composite (highest first), values interpolated with only harmless lookups. */
    private void resolve() {
        CompositeConfiguration composite = new CompositeConfiguration();
        Map<String, ConfigLayer> highest = new java.util.HashMap<>();
        for (ConfigLayer layer : layers.reversed()) {
            MapConfiguration c = new MapConfiguration(new java.util.HashMap<String, Object>(layer.values()));
            c.setTrimmingDisabled(true);
            composite.addConfiguration(c);
            layer.values().keySet().forEach(k -> highest.putIfAbsent(k, layer));
        }
        composite.setInterpolator(safeInterpolator(composite));

        List<String> problems = new ArrayList<>();
        for (String key : known) {
            ConfigLayer source = highest.get(key);
            String resolved;
            try {
                resolved = composite.getString(key);
            } catch (IllegalStateException e) { // Commons Configuration's "infinite loop in property interpolation"
                problems.add(key + " (from " + source.name() + ") refers to itself through ${...}");
                continue;
            }
            resolved = resolved == null ? "" : resolved.strip();
            if (resolved.contains("${")) {
                problems.add(key + " = '" + source.values().get(key) + "' (from " + source.name()
                        + ") has an unresolved ${...}");
            }
            values.put(key, resolved);
            sources.put(key, source);
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(String.join("; ", problems));
        }
    }

    /**
     * A value set above the defaults must have the shape of the key's default (a number stays a number, a
     * boolean a boolean, ...), so a typo is an error whichever command loads the configuration. All problems
     * are reported at once.
     */
    private void checkValuesHaveTheirDefaultsShape() {
        Map<String, String> defaults = new java.util.HashMap<>();
        for (ConfigLayer layer : layers) {
            if (layer.kind().definesKeys()) {
                defaults.putAll(layer.values());
            }
        }
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, ConfigLayer> e : sources.entrySet()) {
            String key = e.getKey();
            if (e.getValue().kind().definesKeys()) {
                continue;
            }
            String problem = ValueShape.of(defaults.get(key)).problem(values.get(key));
            if (problem != null) {
                problems.add(key + " = '" + values.get(key) + "' (from " + e.getValue().name() + ") " + problem);
            }
        }
        if (!problems.isEmpty()) {
            throw new ConfigException(String.join("; ", problems));
        }
    }

    /**
     * Only {@code ${key}} (other configuration keys), {@code ${sys:...}} and {@code ${env:...}}.
     * Lookups that run code or touch the network or files (script, dns, url, file, java, ...) are
     * deliberately not registered, whatever the library's defaults are.
     */
    private static ConfigurationInterpolator safeInterpolator(Configuration self) {
        ConfigurationInterpolator ci = new ConfigurationInterpolator();
        ci.registerLookup(DefaultLookups.SYSTEM_PROPERTIES.getPrefix(), DefaultLookups.SYSTEM_PROPERTIES.getLookup());
        ci.registerLookup(DefaultLookups.ENVIRONMENT.getPrefix(), DefaultLookups.ENVIRONMENT.getLookup());
        ci.addDefaultLookup(self::getProperty); // raw value; the interpolator resolves nested ${...}
        return ci;
    }

    // ---------------------------------------------------------------- helpers

    private String value(String key) {
        requireKnown(key);
        read.add(key);
        return values.get(key);
    }

    private void requireKnown(String key) {
        if (!values.containsKey(key)) {
            throw new IllegalArgumentException("configuration key " + key
                    + " has no default: add it to org/hcasim/core/config/defaults.properties or to the plugin's defaultConfiguration()");
        }
    }

    private ConfigException bad(String key, String problem) {
        return new ConfigException(key + " = '" + values.get(key) + "' (from " + sources.get(key).name() + ") " + problem);
    }
}
