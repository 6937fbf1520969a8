package org.hcasim.core.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hcasim.spi.settings.SettingGrammar;

/**
 * The key/value pairs of one profile with typed, validated reads. Every read marks its key; after building,
 * {@link #requireAllRead()} makes a key nobody reads (a typo, a stale parameter) an error.
 *
 * <p>Every number has a range (docs/testbed.md): whole numbers (times in ns, sizes, counts) at most {@link #MAX_WHOLE}
 * (10^12: 1000 s as a time), per-byte costs at most {@link #MAX_PER_BYTE_NS} ns, rates within the bounds their reader
 * gives; so no event time the model computes from a profile can overflow.
 */
final class ProfileValues {
    /** The largest whole number a profile key takes: 1000 s in ns, far beyond any size or count of a device. */
    static final long MAX_WHOLE = 1_000_000_000_000L;
    /** The largest cost per byte, ns (1 ms per byte). */
    static final double MAX_PER_BYTE_NS = 1_000_000;

    private final String source;
    private final Map<String, String> values;
    private final Set<String> read = new TreeSet<>();

    ProfileValues(String source, Map<String, String> values) {
        this.source = source;
        this.values = new LinkedHashMap<>(values);
    }

    boolean has(String key) {
        return values.containsKey(key);
    }

    String string(String key) {
        String v = values.get(key);
        if (v == null) {
            throw new ProfileException(source + ": missing key '" + key + "'");
        }
        read.add(key);
        return v.trim();
    }

    long nonNegativeLong(String key) {
        long v = parse(key, SettingGrammar::parseLong);
        if (v < 0) {
            throw new ProfileException(source + ": '" + key + "' must be >= 0, got " + v);
        }
        return atMostWhole(key, v);
    }

    private long atMostWhole(String key, long v) {
        if (v > MAX_WHOLE) {
            throw new ProfileException(source + ": '" + key + "' must be at most " + MAX_WHOLE + " (1000 s as a time), got " + v);
        }
        return v;
    }

    int nonNegativeInt(String key) {
        long v = nonNegativeLong(key);
        if (v > Integer.MAX_VALUE) {
            throw new ProfileException(source + ": '" + key + "' must be at most " + Integer.MAX_VALUE + ", got " + v);
        }
        return (int) v;
    }

    long positiveLong(String key) {
        long v = parse(key, SettingGrammar::parseLong);
        if (v <= 0) {
            throw new ProfileException(source + ": '" + key + "' must be > 0, got " + v);
        }
        return atMostWhole(key, v);
    }

    /** A limit a device reports (e.g. its largest MR): any positive long, compared with, never added to a time. */
    long positiveLimit(String key) {
        long v = parse(key, SettingGrammar::parseLong);
        if (v <= 0) {
            throw new ProfileException(source + ": '" + key + "' must be > 0, got " + v);
        }
        return v;
    }

    /** One of {@code allowed} (e.g. the RoCE path MTUs). */
    int oneOf(String key, int... allowed) {
        long v = parse(key, SettingGrammar::parseLong);
        for (int a : allowed) {
            if (v == a) {
                return a;
            }
        }
        throw new ProfileException(source + ": '" + key + "' must be one of " + java.util.Arrays.toString(allowed)
                .replaceAll("[\\[\\]]", "") + ", got " + v);
    }

    /** A whole number within {@code [min, max]}. */
    int boundedInt(String key, int min, int max) {
        long v = parse(key, SettingGrammar::parseLong);
        if (v < min || v > max) {
            throw new ProfileException(source + ": '" + key + "' must be between " + min + " and " + max + ", got " + v);
        }
        return (int) v;
    }

    /** A number within {@code [min, max]}. */
    double boundedDouble(String key, double min, double max) {
        double v = parse(key, SettingGrammar::parseDouble);
        if (!(v >= min && v <= max)) {
            throw new ProfileException(source + ": '" + key + "' must be between " + min + " and " + max + ", got " + v);
        }
        return v;
    }

    /** A comma-separated list of {@code type}'s constant names (may be empty); an unknown name lists the known ones. */
    <E extends Enum<E>> java.util.EnumSet<E> enumSet(String key, Class<E> type) {
        java.util.EnumSet<E> out = java.util.EnumSet.noneOf(type);
        for (String name : string(key).split(",")) {
            String n = name.trim();
            if (n.isEmpty()) {
                continue;
            }
            try {
                out.add(Enum.valueOf(type, n));
            } catch (IllegalArgumentException unknown) {
                throw new ProfileException(source + ": '" + key + "' names unknown " + type.getSimpleName() + " '" + n
                        + "'; known: " + java.util.Arrays.toString(type.getEnumConstants()));
            }
        }
        return out;
    }

    int positiveInt(String key) {
        long v = parse(key, SettingGrammar::parseLong);
        if (v <= 0) {
            throw new ProfileException(source + ": '" + key + "' must be > 0, got " + v);
        }
        if (v > Integer.MAX_VALUE) {
            throw new ProfileException(source + ": '" + key + "' must be at most " + Integer.MAX_VALUE + ", got " + v);
        }
        return (int) v;
    }

    /** A per-byte cost, 0 up to {@link #MAX_PER_BYTE_NS}. */
    double nonNegativeDouble(String key) {
        double v = parse(key, SettingGrammar::parseDouble);
        if (!(v >= 0 && v <= MAX_PER_BYTE_NS)) {
            throw new ProfileException(source + ": '" + key + "' must be a number between 0 and " + (long) MAX_PER_BYTE_NS
                    + ", got " + v);
        }
        return v;
    }

    /** Keys under {@code prefix} (the rest of the key after the prefix), in file order. */
    Set<String> keysUnder(String prefix) {
        Set<String> out = new java.util.LinkedHashSet<>();
        for (String k : values.keySet()) {
            if (k.startsWith(prefix)) {
                out.add(k.substring(prefix.length()));
            }
        }
        return out;
    }

    void requireAllRead() {
        Set<String> unread = new TreeSet<>(values.keySet());
        unread.removeAll(read);
        if (!unread.isEmpty()) {
            throw new ProfileException(source + ": unknown key(s) " + unread);
        }
    }

    Map<String, String> asMap() {
        return java.util.Collections.unmodifiableMap(values);
    }

    /** Reads {@code key} with a parser of the one grammar of settings ({@link SettingGrammar}). */
    private <T> T parse(String key, java.util.function.Function<String, T> parser) {
        String text = string(key);
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw new ProfileException(source + ": '" + key + "' = '" + text + "' " + e.getMessage());
        }
    }
}
