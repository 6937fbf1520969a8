package org.hcasim.dist.experiment.grid;

import java.util.Locale;

/**
 * The text of a progress bar, from what is done and how long it took so far: {@code inline-umr [#####-----] 3/6
 * points, 0:12 elapsed, ETA 0:12}. The ETA assumes the rest goes at the pace so far; with nothing done yet there is
 * none to tell.
 */
public final class ProgressLine {
    public static final int WIDTH = 30;

    private ProgressLine() { }

    /** {@code fraction} in [0, 1] fills the bar; {@code count} ("3/6 points", "45%") follows it. */
    public static String render(String label, double fraction, String count, long elapsedNs) {
        double f = Math.clamp(fraction, 0.0, 1.0);
        int filled = (int) Math.floor(f * WIDTH);
        StringBuilder b = new StringBuilder(label).append(" [").append("#".repeat(filled)).append("-".repeat(WIDTH - filled))
                .append("] ").append(count).append(", ").append(clock(elapsedNs)).append(" elapsed");
        if (f > 0 && f < 1) {
            b.append(", ETA ").append(clock((long) (elapsedNs * (1 - f) / f)));
        }
        return b.toString();
    }

    /** {@code m:ss}, or {@code h:mm:ss} from an hour. */
    static String clock(long ns) {
        long s = Math.max(0, ns) / 1_000_000_000L;
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
