package org.hcasim.spi;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The testbed of a run: a testbed file in properties form (hosts, HCAs, ULPs, profiles; see the
 * configuration design) plus per-point settings layered on top of it (e.g. {@code hca.profile=connectx5}
 * for the point's {@code hca} axis). Command-line {@code --set} values are layered above both.
 *
 * @param source     where the properties come from, for error messages (e.g. a resource path)
 * @param properties the testbed file's text
 * @param settings   per-point keys, overriding the file
 */
public record TestbedSpec(String source, String properties, Map<String, String> settings) {
    public TestbedSpec {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(properties, "properties");
        settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /** A testbed read from a class-path resource next to {@code owner} (works inside plugin class loaders). */
    public static TestbedSpec resource(Class<?> owner, String path) {
        try (var in = owner.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("testbed resource " + path + " not found next to " + owner.getName());
            }
            return new TestbedSpec(path, new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8), Map.of());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** This testbed with one more per-point setting. */
    public TestbedSpec with(String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(settings);
        m.put(key, value);
        return new TestbedSpec(source, properties, m);
    }
}
