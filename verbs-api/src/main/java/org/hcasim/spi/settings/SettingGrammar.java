package org.hcasim.spi.settings;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * The one grammar of configuration values (hcasim's own keys, plugin keys and profiles alike). Each parser
 * throws {@link IllegalArgumentException} whose message completes "key = value: ..." (e.g.
 * {@code "is not true or false"}).
 * <ul>
 *   <li>boolean: {@code true} or {@code false}, any case; nothing else, so a typo never silently means false;</li>
 *   <li>integer: decimal digits with an optional sign;</li>
 *   <li>number: a finite decimal number;</li>
 *   <li>size: whole bytes with an optional binary suffix {@code k}, {@code m}, {@code g}, {@code t} (powers of
 *       1024, any case, an optional trailing {@code b}): {@code 4k} = 4096;</li>
 *   <li>duration: a decimal number with unit {@code ns}, {@code us}, {@code ms} or {@code s} that is a whole
 *       number of nanoseconds ({@code 1.5us}); a bare {@code 0} needs no unit;</li>
 *   <li>choice: an enum constant in kebab-case ({@code PER_QP} is {@code per-qp}).</li>
 * </ul>
 */
public final class SettingGrammar {
    private SettingGrammar() { }

    public static boolean parseBoolean(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("is not true or false");
        };
    }

    public static long parseLong(String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("is not an integer");
        }
    }

    public static double parseDouble(String text) {
        double d;
        try {
            d = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("is not a number");
        }
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("is not a finite number");
        }
        return d;
    }

    public static long parseSize(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.endsWith("b") && s.length() > 1 && !Character.isDigit(s.charAt(s.length() - 2))) {
            s = s.substring(0, s.length() - 1); // "4kb" reads as "4k"
        }
        int shift = 0;
        if (!s.isEmpty()) {
            shift = switch (s.charAt(s.length() - 1)) {
                case 'k' -> 10;
                case 'm' -> 20;
                case 'g' -> 30;
                case 't' -> 40;
                default -> 0;
            };
        }
        String digits = shift == 0 ? s : s.substring(0, s.length() - 1);
        long n;
        try {
            n = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("is not a size (a whole number with optional k, m, g or t)");
        }
        if (n < 0) {
            throw new IllegalArgumentException("is negative");
        }
        if (n > (Long.MAX_VALUE >> shift)) {
            throw new IllegalArgumentException("is too large");
        }
        return n << shift;
    }

    public static long parseDurationNanos(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.equals("0")) {
            return 0;
        }
        long unit;
        String number;
        if (s.endsWith("ns")) {
            unit = 1;
            number = s.substring(0, s.length() - 2);
        } else if (s.endsWith("us")) {
            unit = 1_000;
            number = s.substring(0, s.length() - 2);
        } else if (s.endsWith("ms")) {
            unit = 1_000_000;
            number = s.substring(0, s.length() - 2);
        } else if (s.endsWith("s")) {
            unit = 1_000_000_000;
            number = s.substring(0, s.length() - 1);
        } else {
            throw new IllegalArgumentException("is not a duration (a number with unit ns, us, ms or s)");
        }
        BigDecimal ns;
        try {
            ns = new BigDecimal(number.strip()).multiply(BigDecimal.valueOf(unit));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("is not a duration (a number with unit ns, us, ms or s)");
        }
        if (ns.signum() < 0) {
            throw new IllegalArgumentException("is negative");
        }
        if (ns.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("is not a whole number of nanoseconds");
        }
        try {
            return ns.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("is too large");
        }
    }

    /** The constant of {@code type} written {@code text} in kebab-case. */
    public static <E extends Enum<E>> E parseChoice(String text, Class<E> type) {
        String v = text.strip();
        StringBuilder allowed = new StringBuilder();
        for (E c : type.getEnumConstants()) {
            String name = kebab(c);
            if (name.equals(v)) {
                return c;
            }
            allowed.append(allowed.isEmpty() ? "" : ", ").append(name);
        }
        throw new IllegalArgumentException("is not one of " + allowed);
    }

    /** {@code PER_QP} as {@code per-qp}. */
    public static String kebab(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
