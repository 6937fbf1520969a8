package org.hcasim.fio;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What hcasim does with the fio options it does not implement as fio does ({@code fio-options.txt}, one section per
 * kind): accept them without effect, note and ignore them, or refuse them with a reason.
 */
final class FioOptionCatalog {

    enum Kind {
        /** Controls something the model does not have (page cache, buffer contents, process priority): accepted. */
        NO_EFFECT("no-effect"),
        /** File-level: a block device has no files. Noted once, ignored. */
        FILE("file"),
        /** Belongs to the host I/O engine the block ULP stands in for. Noted once, ignored. */
        ENGINE("engine"),
        /** Meaningful for a block device, not implemented yet: refused. */
        UNIMPLEMENTED("unimplemented"),
        /** No meaning for a simulated block device: refused. */
        MEANINGLESS("meaningless");

        final String section;

        Kind(String section) {
            this.section = section;
        }
    }

    private static final Map<String, Kind> KINDS = load();

    private FioOptionCatalog() {
    }

    static Optional<Kind> kind(String option) {
        return Optional.ofNullable(KINDS.get(option));
    }

    private static Map<String, Kind> load() {
        try (InputStream in = FioOptionCatalog.class.getResourceAsStream("fio-options.txt")) {
            if (in == null) throw new IllegalStateException("fio-options.txt missing from the class path");
            Map<String, Kind> kinds = new HashMap<>();
            Kind current = null;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                String s = line.strip();
                if (s.isEmpty() || s.startsWith("#")) continue;
                if (s.startsWith("[")) {
                    String section = s.substring(1, s.length() - 1);
                    current = null;
                    for (Kind k : Kind.values()) if (k.section.equals(section)) current = k;
                    if (current == null) throw new IllegalStateException("fio-options.txt: unknown section " + s);
                    continue;
                }
                if (current == null) throw new IllegalStateException("fio-options.txt: '" + s + "' before any section");
                if (kinds.put(s.toLowerCase(Locale.ROOT), current) != null) {
                    throw new IllegalStateException("fio-options.txt lists " + s + " twice");
                }
            }
            return Map.copyOf(kinds);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
