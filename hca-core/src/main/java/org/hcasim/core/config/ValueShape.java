package org.hcasim.core.config;

import java.util.regex.Pattern;
import org.hcasim.spi.settings.SettingGrammar;

/**
 * The grammar a key's default value shows, which a value set above the defaults (conf/, a testbed file,
 * {@code --set}) must also meet: so {@code --set nvmeof.host.queue-size=abc} is refused when the configuration is
 * loaded, by every command, not only by a command that happens to read the key. The reader of a key still checks
 * its range; this is the first, type-level check at the edge.
 */
enum ValueShape {
    /** {@code true} / {@code false}. */
    BOOLEAN,
    /**
     * A number (whole or decimal). Its key's reader may accept more than plain digits (a size {@code 4k}, a
     * duration {@code 10us} for a default of 0, a block format {@code 512+8}), so the check here is only that the
     * value starts like a number; the reader checks the rest.
     */
    NUMBER,
    /** A size with a suffix ({@code 1t}). */
    SIZE,
    /** A duration with a unit ({@code 250ns}). */
    DURATION,
    /** Anything else (names, lists, empty): left to the reader. */
    TEXT;

    private static final Pattern NUMBER_START = Pattern.compile("[-+]?\\.?\\d");
    private static final Pattern SIZE_TEXT = Pattern.compile("(?i)\\d+[kmgt]b?");
    private static final Pattern DURATION_TEXT = Pattern.compile("(?i)\\d+(\\.\\d+)?(ns|us|ms|s)");
    private static final Pattern NUMBER_TEXT = Pattern.compile("-?(\\d+\\.\\d*|\\.\\d+|\\d+)([eE][-+]?\\d+)?");

    /** The shape of a default value. */
    static ValueShape of(String defaultValue) {
        String v = defaultValue.strip();
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) return BOOLEAN;
        if (SIZE_TEXT.matcher(v).matches()) return SIZE;
        if (DURATION_TEXT.matcher(v).matches()) return DURATION;
        if (NUMBER_TEXT.matcher(v).matches()) return NUMBER;
        return TEXT;
    }

    /** Null when {@code value} has this shape, else what is wrong (completing "key = value ..."). */
    String problem(String value) {
        return switch (this) {
            case BOOLEAN -> attempt(value, v -> SettingGrammar.parseBoolean(v));
            case NUMBER -> NUMBER_START.matcher(value).lookingAt() ? null : "is not a number";
            case SIZE -> attempt(value, SettingGrammar::parseSize);
            case DURATION -> attempt(value, SettingGrammar::parseDurationNanos);
            case TEXT -> null;
        };
    }

    private static String attempt(String value, java.util.function.Function<String, ?> parser) {
        try {
            parser.apply(value);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }
}
