package org.hcasim.core.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.configuration2.PropertiesConfiguration;
import org.apache.commons.configuration2.io.FileHandler;

/**
 * One layer of configuration: raw (uninterpolated) values and the name shown as their source, e.g.
 * {@code --set}, {@code testbed examples/two-hosts.properties}, {@code ulp nvmeof defaults}.
 *
 * @param name   where the values come from, as shown by {@code hcasim config} and in error messages
 * @param kind   what the layer is, which decides precedence rules and checks
 * @param values key to raw value, in file order
 */
public record ConfigLayer(String name, LayerKind kind, Map<String, String> values) {

    public ConfigLayer {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    public static ConfigLayer of(String name, LayerKind kind, Map<String, String> values) {
        return new ConfigLayer(name, kind, values);
    }

    /** A layer from properties text ({@code key = value}, {@code #} comments); {@code name} is used in errors. */
    public static ConfigLayer fromProperties(String name, LayerKind kind, String text) {
        refuseIncludes(name, text);
        return new ConfigLayer(name, kind, parse(name, new StringReader(text)));
    }

    /**
     * A layer from a properties file (at most {@link TextFiles#MAX_BYTES}); a missing, unreadable or non-regular
     * file is a user error.
     */
    public static ConfigLayer fromFile(String name, LayerKind kind, Path file) {
        return fromProperties(name, kind, TextFiles.read(file, "testbed file"));
    }

    /**
     * A layer is one file, so that every value has one source: an {@code include} (Commons Configuration's
     * directive, which would otherwise be dropped without a word) is an error naming the line.
     */
    private static void refuseIncludes(String name, String text) {
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].strip();
            if (t.matches("(?i)include(optional)?\\s*[=:\\s].*")) {
                throw new ConfigException(name + ": line " + (i + 1) + ": '" + t + "': include is not supported; "
                        + "a testbed is one file (copy the settings in, or add them with --set)");
            }
        }
    }

    /**
     * The values of class-path resources already parsed, by the class they belong to and their path: resources do
     * not change while the JVM runs, and a sweep or a benchmark builds many testbeds from the same defaults.
     */
    private static final java.util.concurrent.ConcurrentMap<Class<?>, java.util.concurrent.ConcurrentMap<String, ConfigLayer>>
            RESOURCES = new java.util.concurrent.ConcurrentHashMap<>();

    /** A layer from a class-path resource next to {@code owner}; a missing resource is a {@link ConfigException}. */
    public static ConfigLayer fromResource(String name, LayerKind kind, Class<?> owner, String path) {
        var ofOwner = RESOURCES.computeIfAbsent(owner, o -> new java.util.concurrent.ConcurrentHashMap<>());
        ConfigLayer parsed = ofOwner.get(path);
        if (parsed == null) {
            parsed = readResource(name, kind, owner, path);
            ofOwner.putIfAbsent(path, parsed);
        }
        return new ConfigLayer(name, kind, parsed.values());
    }

    private static ConfigLayer readResource(String name, LayerKind kind, Class<?> owner, String path) {
        try (InputStream in = owner.getResourceAsStream(path)) {
            if (in == null) {
                throw new ConfigException(name + ": resource " + path + " not found");
            }
            return fromProperties(name, kind, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> parse(String name, Reader in) {
        PropertiesConfiguration props = new PropertiesConfiguration();
        props.setIncludesAllowed(false); // a layer is one file; "include" would hide where values come from
        try {
            new FileHandler(props).load(in);
        } catch (org.apache.commons.configuration2.ex.ConfigurationException e) {
            throw new ConfigException(name + ": " + e.getMessage(), e);
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (Iterator<String> keys = props.getKeys(); keys.hasNext(); ) {
            String key = keys.next();
            Object raw = props.getProperty(key);
            if (raw instanceof java.util.Collection<?> repeated) {
                throw new ConfigException(name + ": key " + key + " is set " + repeated.size() + " times");
            }
            values.put(key, String.valueOf(raw));
        }
        return values;
    }
}
