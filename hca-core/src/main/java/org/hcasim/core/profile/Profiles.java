package org.hcasim.core.profile;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The bundled profiles: {@code org/hcasim/core/profile/hca/<name>.properties} and {@code .../host/<name>.properties}
 * on the classpath, listed in each directory's {@code profiles.list}. Use {@link #hca(String)} / {@link #host(String)}
 * for a profile as shipped, or {@link #hcaValues(String)} / {@link #hostValues(String)} for its raw
 * {@code hca.*} / {@code host.*} keys to layer configuration overrides on, then {@code fromValues}.
 *
 * <p>A profile may start from another of its kind ({@code hca.extends = connectx5}): it then holds only what
 * differs, each difference with its source, and the keys it names replace the base profile's values.
 */
public final class Profiles {
    private static final String BASE = "org/hcasim/core/profile/";

    private Profiles() {
    }

    public static List<String> knownHcas() {
        return list("hca");
    }

    public static List<String> knownHosts() {
        return list("host");
    }

    public static HcaProfile hca(String name) {
        return HcaProfile.fromValues(name, resource("hca", name), hcaValues(name));
    }

    public static HostProfile host(String name) {
        return HostProfile.fromValues(name, resource("host", name), hostValues(name));
    }

    /** The {@code hca.*} key/values of a bundled HCA profile, in file order. */
    public static Map<String, String> hcaValues(String name) {
        return load("hca", name);
    }

    /** The {@code host.*} key/values of a bundled host profile, in file order. */
    public static Map<String, String> hostValues(String name) {
        return load("host", name);
    }

    /**
     * The profile {@code name} of {@code kind} ({@code hca}, {@code host}) and the ones it extends, base first: the
     * files whose keys (and comments) make up the profile.
     */
    public static List<String> chain(String kind, String name) {
        List<String> out = new ArrayList<>();
        String at = name;
        while (at != null) {
            if (out.contains(at)) {
                throw new ProfileException(kind + " profile '" + name + "' extends itself through " + String.join(" -> ", out));
            }
            out.add(0, at);
            String base = loadFile(kind, at).get(kind + ".extends");
            at = base == null ? null : base.strip();
        }
        return out;
    }

    /** The {@code kind.*} key/values of bundled profile {@code name} ({@link #hcaValues} or {@link #hostValues}). */
    public static Map<String, String> values(String kind, String name) {
        return load(kind, name);
    }

    private static String resource(String kind, String name) {
        return BASE + kind + "/" + name + ".properties";
    }

    /**
     * Bundled profiles read once per JVM: they are class-path resources, the same for every testbed, and a sweep
     * or a benchmark builds many testbeds. Errors are not kept (each call reports its own).
     */
    private static final java.util.concurrent.ConcurrentMap<String, Map<String, String>> LOADED =
            new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.util.concurrent.ConcurrentMap<String, List<String>> LISTED =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static Map<String, String> load(String kind, String name) {
        Map<String, String> values = LOADED.get(kind + "/" + name);
        if (values == null) {
            values = java.util.Collections.unmodifiableMap(load(kind, name, new java.util.ArrayList<>()));
            LOADED.putIfAbsent(kind + "/" + name, values);
        }
        return values;
    }

    /** The profile's own keys laid over those of the profile it extends, if any ({@code seen}: the chain so far). */
    private static Map<String, String> load(String kind, String name, List<String> seen) {
        if (seen.contains(name)) {
            throw new ProfileException(kind + " profile '" + name + "' extends itself through " + String.join(" -> ", seen));
        }
        seen.add(name);
        Map<String, String> own = loadFile(kind, name);
        String base = own.remove(kind + ".extends");
        if (base == null) {
            return own;
        }
        Map<String, String> merged = new LinkedHashMap<>(load(kind, base.strip(), seen));
        merged.putAll(own);
        return merged;
    }

    /** The key/values of one profile file, in file order (a new, modifiable map). */
    private static Map<String, String> loadFile(String kind, String name) {
        List<String> known = list(kind);
        if (!known.contains(name)) {
            throw new ProfileException("unknown " + kind + " profile '" + name + "'; known: " + String.join(", ", known));
        }
        String path = resource(kind, name);
        try (InputStream in = Profiles.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new ProfileException(kind + " profile '" + name + "' is listed but " + path + " is missing");
            }
            Map<String, String> ordered = new LinkedHashMap<>();
            Properties props = new Properties() {
                private static final long serialVersionUID = 1L;

                @Override
                public synchronized Object put(Object key, Object value) {
                    if (ordered.put((String) key, (String) value) != null) {
                        throw new ProfileException(path + ": key '" + key + "' appears twice");
                    }
                    return super.put(key, value);
                }
            };
            try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                props.load(r);
            }
            for (String key : ordered.keySet()) {
                if (!key.startsWith(kind + ".")) {
                    throw new ProfileException(path + ": key '" + key + "' does not start with '" + kind + ".'");
                }
            }
            return ordered;
        } catch (IOException e) {
            throw new ProfileException("cannot read " + path + ": " + e.getMessage());
        }
    }

    private static List<String> list(String kind) {
        List<String> names = LISTED.get(kind);
        if (names == null) {
            names = readList(kind);
            LISTED.putIfAbsent(kind, names);
        }
        return names;
    }

    private static List<String> readList(String kind) {
        String path = BASE + kind + "/profiles.list";
        try (InputStream in = Profiles.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new ProfileException("profile index " + path + " is missing from the classpath");
            }
            List<String> names = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String n = line.strip();
                if (!n.isEmpty() && !n.startsWith("#")) {
                    names.add(n);
                }
            }
            return List.copyOf(names);
        } catch (IOException e) {
            throw new ProfileException("cannot read " + path + ": " + e.getMessage());
        }
    }
}
