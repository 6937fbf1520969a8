package org.hcasim.fio;

/**
 * The simulator's own stopping rule for long time-based jobs (on unless {@code sim.steady-state=off} or the job asks
 * for fio's {@code ss}): the completions are counted in windows of {@link #WINDOW_NS}; after each window, the
 * older half of the windows so far is dropped as warm-up and the newer half judged by batch means. Steady when
 * both of its quarters' mean IOPS agree within {@link #TOLERANCE} of the mean (no drift) and the 95 % confidence
 * half-width of the mean (2 standard errors of the window means) is within it too (no noise that more windows
 * would still average out). At least {@link #MIN_WINDOWS} windows, so that a warm-up of a few milliseconds
 * (queues filling, caches warming) is never half of the judged part.
 */
final class BatchMeansSteadyState {
    /** A window spans many I/O round trips (tens of microseconds each), so window means are close to independent. */
    static final long WINDOW_NS = 10_000_000L;
    static final int MIN_WINDOWS = 40;
    static final double TOLERANCE = 0.01;

    private long[] counts = new long[64];
    private int windows;
    double relativeHalfWidth;
    double relativeDrift;

    /** Adds one window's completed I/Os; true when the rate is steady. */
    boolean window(long ios) {
        if (windows == counts.length) counts = java.util.Arrays.copyOf(counts, windows * 2);
        counts[windows++] = ios;
        if (windows < MIN_WINDOWS) return false;
        int first = windows - windows / 2;
        int n = windows - first;
        double sum = 0;
        for (int i = first; i < windows; i++) sum += counts[i];
        double mean = sum / n;
        if (mean <= 0) return false;
        double squares = 0;
        for (int i = first; i < windows; i++) squares += (counts[i] - mean) * (counts[i] - mean);
        double sd = Math.sqrt(squares / (n - 1));
        relativeHalfWidth = 2 * sd / Math.sqrt(n) / mean;
        int half = n / 2;
        double older = 0;
        double newer = 0;
        for (int i = 0; i < half; i++) {
            older += counts[first + i];
            newer += counts[windows - half + i];
        }
        relativeDrift = Math.abs(newer - older) / half / mean;
        return relativeHalfWidth < TOLERANCE && relativeDrift < TOLERANCE;
    }

    int windows() {
        return windows;
    }
}
