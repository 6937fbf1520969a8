package org.hcasim.spi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plugin's default configuration read from a properties resource where the comment lines right
 * above a key document it:
 *
 * <pre>
 * # Queue entries per I/O queue (16..1024), as the Linux host's queue_size.
 * nvmeof.host.queue-size = 128
 * </pre>
 *
 * A key without a comment is an error, so every default is documented. Use it for
 * {@link UlpProvider#defaultConfiguration()} and {@link UlpProvider#configDoc()}.
 *
 * @param values key to default value, in file order
 * @param docs   key to its documentation (the comment lines joined by spaces)
 */
public record DocumentedDefaults(Map<String, String> values, Map<String, String> docs) {

    public DocumentedDefaults {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        docs = Collections.unmodifiableMap(new LinkedHashMap<>(docs));
    }

    /** Reads {@code resource} next to {@code owner} (e.g. {@code "defaults.properties"}). */
    public static DocumentedDefaults fromResource(Class<?> owner, String resource) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(owner.getName() + ": defaults resource " + resource + " not found");
            }
            return parse(owner.getSimpleName() + "/" + resource,
                    new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static DocumentedDefaults parse(String where, BufferedReader in) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> docs = new LinkedHashMap<>();
        StringBuilder doc = new StringBuilder();
        int lineNo = 0;
        for (String line; (line = in.readLine()) != null; ) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty()) {
                doc.setLength(0); // a blank line ends a comment block that was about a section, not a key
            } else if (t.startsWith("#") || t.startsWith("!")) {
                doc.append(doc.isEmpty() ? "" : " ").append(t.substring(1).strip());
            } else {
                int eq = t.indexOf('=');
                if (eq <= 0 || t.endsWith("\\")) {
                    throw new IllegalStateException(where + ":" + lineNo + ": expected 'key = value' on one line");
                }
                String key = t.substring(0, eq).strip();
                if (doc.isEmpty()) {
                    throw new IllegalStateException(where + ":" + lineNo + ": key " + key + " has no comment documenting it");
                }
                if (values.put(key, t.substring(eq + 1).strip()) != null) {
                    throw new IllegalStateException(where + ":" + lineNo + ": key " + key + " is defined twice");
                }
                docs.put(key, doc.toString());
                doc.setLength(0);
            }
        }
        return new DocumentedDefaults(values, docs);
    }
}
