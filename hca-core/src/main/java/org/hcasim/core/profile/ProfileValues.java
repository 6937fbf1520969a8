package org.hcasim.core.profile;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hcasim.spi.settings.SettingGrammar;

/**
 * The key/value pairs of one profile with typed, validated reads. Every read marks its key; after building,
 * {@link #requireAllRead()} makes a key nobody reads (a typo, a stale parameter) an error.
 */
final class ProfileValues {
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

    double positiveDouble(String key) {
        double v = parse(key, SettingGrammar::parseDouble);
        if (!(v > 0)) {
            throw new ProfileException(source + ": '" + key + "' must be a positive number, got " + v);
        }
        return v;
    }

    double nonNegativeDouble(String key) {
        double v = parse(key, SettingGrammar::parseDouble);
        if (!(v >= 0)) {
            throw new ProfileException(source + ": '" + key + "' must be a number >= 0, got " + v);
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
