package org.hcasim.dist.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/** Number formatting shared by all outputs: locale-independent, deterministic. */
public final class Numbers {
    private Numbers() { }

    /** Significant digits in machine-readable outputs: finer than any reference table is measured. */
    public static final int CSV_DIGITS = 6;

    /** {@code value} rounded to {@code digits} significant digits, plain notation, no trailing zeros. */
    public static String significant(double value, int digits) {
        if (value == 0) {
            return "0";
        }
        BigDecimal d = new BigDecimal(value).round(new MathContext(digits, RoundingMode.HALF_EVEN)).stripTrailingZeros();
        String s = d.toPlainString();
        return s.equals("-0") ? "0" : s;
    }

    /** The value a CSV cell holds for {@code value}: what a re-read gives back. */
    public static double csvRounded(double value) {
        return Double.parseDouble(significant(value, CSV_DIGITS));
    }

    /** Fixed decimals, e.g. to print a simulated value as precisely as its reference was measured. */
    public static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + Math.max(0, decimals) + "f", value);
    }

    /** Significant digits a simulated value keeps beside its reference, even when the reference has fewer. */
    public static final int SHOWN_DIGITS = 3;

    /**
     * A simulated value beside a reference measured to {@code referenceDecimals} decimals: as precise as the
     * reference, but never fewer than {@link #SHOWN_DIGITS} significant digits (3.73 beside "1", not "4").
     */
    public static String besideReference(double value, int referenceDecimals) {
        int forDigits = value == 0 ? 0 : Math.max(0, SHOWN_DIGITS - 1 - (int) Math.floor(Math.log10(Math.abs(value))));
        return fixed(value, Math.max(referenceDecimals, forDigits));
    }

    /** For values with no reference to take the precision from: 4 significant digits, at least integers. */
    public static String readable(double value) {
        double a = Math.abs(value);
        int decimals = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;
        return fixed(value, decimals);
    }

    /** A signed percentage with one decimal, e.g. {@code +3.4%}. */
    public static String signedPct(double pct) {
        return String.format(Locale.ROOT, "%+.1f%%", pct);
    }

    /** A signed difference of two percentages, in percentage points with one decimal ("+7.8 pt"). */
    public static String signedPoints(double points) {
        return String.format(Locale.ROOT, "%+.1f pt", points);
    }

    /** An unsigned difference of two percentages, in percentage points with one decimal ("7.8 pt"). */
    public static String points(double points) {
        return String.format(Locale.ROOT, "%.1f pt", points);
    }

    /** An unsigned percentage with one decimal. */
    public static String pct(double pct) {
        return String.format(Locale.ROOT, "%.1f%%", pct);
    }
}
