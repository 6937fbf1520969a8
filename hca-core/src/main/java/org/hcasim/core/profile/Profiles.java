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
            values = java.util.Collections.unmodifiableMap(read(kind, name));
            LOADED.putIfAbsent(kind + "/" + name, values);
        }
        return values;
    }

    private static Map<String, String> read(String kind, String name) {
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
