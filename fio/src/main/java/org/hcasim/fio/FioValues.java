package org.hcasim.fio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * fio's value syntaxes: sizes with binary suffixes (kb_base=1024: {@code 4k}, {@code 4KiB} and
 * {@code 4kb} are all 4096), times with units (seconds by default), booleans, and CPU lists.
 * Each method throws {@link IllegalArgumentException} with the reason; callers add the location.
 */
final class FioValues {

    private FioValues() {
    }

    /** A size: decimal or 0x-hex, optional suffix k/m/g/t/p (with optional "b"/"ib"), case-insensitive. */
    static long size(String text) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        if (s.isEmpty()) throw new IllegalArgumentException("empty size");
        if (s.startsWith("0x")) {
            String hex = s.substring(2);
            if (!hex.matches("[0-9a-f]{1,15}")) { // at most 15 digits: stays positive in a long
                throw new IllegalArgumentException("bad size '" + text + "' (0x and up to 15 hex digits)");
            }
            return Long.parseLong(hex, 16);
        }
        int end = 0;
        while (end < s.length() && (Character.isDigit(s.charAt(end)) || s.charAt(end) == '.')) end++;
        if (end == 0) throw new IllegalArgumentException("bad size '" + text + "' (expected a number with an optional k/m/g/t suffix)");
        String suffix = s.substring(end);
        long mult = switch (suffix) {
            case "", "b" -> 1L;
            case "k", "kb", "kib" -> 1L << 10;
            case "m", "mb", "mib" -> 1L << 20;
            case "g", "gb", "gib" -> 1L << 30;
            case "t", "tb", "tib" -> 1L << 40;
            case "p", "pb", "pib" -> 1L << 50;
            default -> throw new IllegalArgumentException("bad size suffix in '" + text + "' (use k, m, g, t or p)");
        };
        String number = s.substring(0, end);
        try {
            if (number.contains(".")) {
                double v = Double.parseDouble(number) * mult;
                if (!(v < Long.MAX_VALUE)) throw new ArithmeticException("too large");
                return Math.round(v);
            }
            return Math.multiplyExact(Long.parseLong(number), mult);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("bad size '" + text + "'");
        }
    }

    /** A time in nanoseconds; a bare number is in {@code defaultUnitNs} (fio: seconds for runtime/ramp_time). */
    static long timeNs(String text, long defaultUnitNs) {
        String s = text.strip().toLowerCase(Locale.ROOT);
        int end = 0;
        while (end < s.length() && Character.isDigit(s.charAt(end))) end++;
        if (end == 0) throw new IllegalArgumentException("bad time '" + text + "' (expected a number with an optional unit us/ms/s/m/h/d)");
        long unit = switch (s.substring(end).strip()) {
            case "" -> defaultUnitNs;
            case "ns", "nsec" -> 1L;
            case "us", "usec" -> 1_000L;
            case "ms", "msec" -> 1_000_000L;
            case "s", "sec" -> 1_000_000_000L;
            case "m", "min" -> 60_000_000_000L;
            case "h", "hr" -> 3_600_000_000_000L;
            case "d", "day" -> 86_400_000_000_000L;
            default -> throw new IllegalArgumentException("bad time unit in '" + text + "' (use us, ms, s, m, h or d)");
        };
        try {
            return Math.multiplyExact(Long.parseLong(s.substring(0, end)), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("bad time '" + text + "'");
        }
    }

    /** fio booleans: 0/1 (a bare flag means 1); also true/false/yes/no/on/off. */
    static boolean bool(String text) {
        if (text == null) return true;
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException("expected 0 or 1, got '" + text + "'");
        };
    }

    static int integer(String text, int min, int max) {
        long v;
        try {
            String s = text.strip();
            v = s.toLowerCase(Locale.ROOT).startsWith("0x") ? Long.parseLong(s.substring(2), 16) : Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected an integer, got '" + text + "'");
        }
        if (v < min || v > max) throw new IllegalArgumentException("value " + v + " out of range " + min + ".." + max);
        return (int) v;
    }

    /** CPUs a list may name: Linux's CPU_SETSIZE, far above any simulated host. */
    static final int MAX_CPUS = 1024;

    /** A CPU list like {@code 0-3,6,8-9}, sorted and without duplicates; CPUs 0..{@link #MAX_CPUS}-1. */
    static List<Integer> cpuList(String text) {
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : text.split(",")) {
            String p = part.strip();
            if (p.isEmpty()) continue;
            try {
                int dash = p.indexOf('-');
                int a = Integer.parseInt((dash < 0 ? p : p.substring(0, dash)).strip());
                int b = dash < 0 ? a : Integer.parseInt(p.substring(dash + 1).strip());
                if (b < a) throw new IllegalArgumentException("bad CPU range '" + p + "'");
                if (a < 0 || b >= MAX_CPUS) {
                    throw new IllegalArgumentException("CPU " + (a < 0 ? a : b) + " in '" + p + "' is out of range 0.." + (MAX_CPUS - 1));
                }
                for (int c = a; c <= b; c++) cpus.add(c);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad CPU list '" + text + "' (expected e.g. 0-3,6)");
            }
        }
        if (cpus.isEmpty()) throw new IllegalArgumentException("empty CPU list");
        return new ArrayList<>(cpus);
    }

    /** A verify_pattern: 0x hex bytes, a decimal number (as fio, little-endian bytes), or a quoted string. */
    static byte[] pattern(String text) {
        String s = text.strip();
        if (s.length() >= 2 && (s.startsWith("\"") && s.endsWith("\"") || s.startsWith("'") && s.endsWith("'"))) {
            byte[] b = s.substring(1, s.length() - 1).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            if (b.length == 0) throw new IllegalArgumentException("empty pattern");
            return b;
        }
        if (s.toLowerCase(Locale.ROOT).startsWith("0x")) {
            String hex = s.substring(2);
            if (hex.isEmpty() || !hex.matches("[0-9a-fA-F]+")) throw new IllegalArgumentException("bad hex pattern '" + text + "'");
            if (hex.length() % 2 == 1) hex = "0" + hex;
            byte[] b = new byte[hex.length() / 2];
            for (int i = 0; i < b.length; i++) b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
            return b;
        }
        try {
            long v = Long.parseLong(s);
            if (v < 0) throw new IllegalArgumentException("negative pattern");
            int n = 1;
            while (n < 8 && (v >>> (8 * n)) != 0) n++;
            byte[] b = new byte[n];
            for (int i = 0; i < n; i++) b[i] = (byte) (v >>> (8 * i));
            return b;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad pattern '" + text + "' (use 0xHEX, a number or \"text\")");
        }
    }

    /** {@code read[,write]} values as fio's rate options take them: one value for both, an empty part = 0 (no limit). */
    static long[] perDirection(String text, java.util.function.ToLongFunction<String> parse) {
        String[] parts = text.split(",", -1);
        if (parts.length > 3) throw new IllegalArgumentException("expected value or read,write[,trim], got '" + text + "'");
        long[] out = new long[2];
        if (parts.length == 1) {
            out[0] = out[1] = parse.applyAsLong(parts[0]);
            return out;
        }
        for (int i = 0; i < 2; i++) out[i] = parts[i].isBlank() ? 0 : parse.applyAsLong(parts[i]);
        return out;
    }

    /** fio's percentile_list: up to 20 percentiles (0..100) separated by ':', kept in the order given. */
    static double[] percentileList(String text) {
        String[] parts = text.split(":");
        if (parts.length == 0 || parts.length > 20) throw new IllegalArgumentException("expected 1 to 20 percentiles separated by ':'");
        double[] out = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                out[i] = Double.parseDouble(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad percentile '" + parts[i] + "'");
            }
            if (!(out[i] >= 0 && out[i] <= 100)) throw new IllegalArgumentException("percentile " + parts[i] + " is not in 0..100");
        }
        return out;
    }

    /** fio's filename list: names separated by ':', a '\\:' is a colon inside a name. */
    static List<String> filenames(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == ':') {
                current.append(':');
                i++;
            } else if (c == ':') {
                if (current.length() > 0) out.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (current.length() > 0) out.add(current.toString());
        if (out.isEmpty()) throw new IllegalArgumentException("no file name in '" + text + "'");
        return out;
    }
}
