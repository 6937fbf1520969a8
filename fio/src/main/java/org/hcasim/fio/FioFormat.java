package org.hcasim.fio;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** fio's number and time formatting (lib/num2str.c, ctime). */
final class FioFormat {
    /** The fio release whose output layout hcasim follows; reported as "fio version". */
    static final String FIO_VERSION = "fio-3.36";
    /** fio's default clat percentile list. */
    static final double[] PERCENTILES = {1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};

    private static final String[] SI = {"", "k", "M", "G", "T", "P"};
    private static final String[] IEC = {"", "Ki", "Mi", "Gi", "Ti", "Pi"};
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private FioFormat() {
    }

    /** num2str: at most {@code maxlen} digits, scaling by 1000 or 1024 and filling with decimals. */
    static String num2str(double value, int maxlen, boolean pow2, String unit) {
        long base = pow2 ? 1024 : 1000;
        String[] prefixes = pow2 ? IEC : SI;
        long num = Math.round(value);
        int post = 0;
        long modulo = -1;
        while (Long.toString(num).length() > maxlen && post < prefixes.length - 1) {
            modulo = num % base;
            num /= base;
            post++;
        }
        String suffix = prefixes[post] + unit;
        if (modulo < 0) return num + suffix;
        int decimals = maxlen - Long.toString(num).length() - 1;
        if (decimals <= 0) {
            if (modulo * 2 >= base) num++;
            return num + suffix;
        }
        double scaled = num + (double) modulo / base;
        String s = String.format(Locale.ROOT, "%." + decimals + "f", scaled);
        // drop trailing zeros as fio's output has none ("1.95GiB", "2GiB" rather than "2.00GiB")
        if (s.contains(".")) s = s.replaceAll("0+$", "").replaceAll("\\.$", "");
        return s + suffix;
    }

    /** fio's bandwidth pair: {@code 977MiB/s (1024MB/s)}. */
    static String bw(long bytesPerSecond) {
        return num2str(bytesPerSecond, 4, true, "B/s") + " (" + num2str(bytesPerSecond, 4, false, "B/s") + ")";
    }

    static String ctime(long epochMillis) {
        return CTIME.format(Instant.ofEpochMilli(epochMillis));
    }

    /** "%f" formatting of a percentile key: 99.5 -> "99.500000". */
    static String percentileKey(double p) {
        return String.format(Locale.ROOT, "%f", p);
    }
}
