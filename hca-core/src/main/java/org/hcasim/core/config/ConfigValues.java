package org.hcasim.core.config;

import java.math.BigDecimal;
import java.util.Locale;

/** Parsing of the value syntaxes configuration and job files share: sizes, durations, enum names. */
public final class ConfigValues {
    private ConfigValues() { }

    /** Whole bytes with an optional binary suffix k, m, g, t (case-insensitive, optional trailing b). */
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
        try {
            long n = Long.parseLong(digits);
            if (n < 0) {
                throw new IllegalArgumentException("is negative");
            }
            if (n > (Long.MAX_VALUE >> shift)) {
                throw new IllegalArgumentException("is too large");
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("is not a size (a whole number with optional k, m, g or t)");
        }
    }

    /** A duration in nanoseconds from a decimal number with unit ns, us, ms or s; a bare 0 is allowed. */
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
        try {
            BigDecimal ns = new BigDecimal(number.strip()).multiply(BigDecimal.valueOf(unit));
            if (ns.signum() < 0) {
                throw new IllegalArgumentException("is negative");
            }
            if (ns.stripTrailingZeros().scale() > 0) {
                throw new IllegalArgumentException("is not a whole number of nanoseconds");
            }
            return ns.longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("is not a duration (a number with unit ns, us, ms or s)");
        }
    }

    /** {@code PER_QP} as {@code per-qp}. */
    public static String kebab(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
