package org.hcasim.dist.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.hcasim.dist.experiment.grid.ProgressLine;
import org.hcasim.fio.FioRun;

/**
 * {@code hcasim fio}'s progress bar on a terminal: {@code fio [#####-----] 45%, 0.405 s simulated, 0:03 elapsed,
 * ETA 0:04}. Only for a long run: nothing is drawn in the first wall second, then at most four redraws a second.
 */
final class FioProgressBar implements FioRun.Progress {
    static final long FIRST_DRAW_NS = 1_000_000_000L;
    static final long REDRAW_NS = 250_000_000L;
    private final PrintStream out;
    private final LongSupplier clock;
    private final long startNs;
    private long lastDrawNs = Long.MIN_VALUE;
    private int drawnLength;

    FioProgressBar(PrintStream out, LongSupplier clock) {
        this.out = out;
        this.clock = clock;
        this.startNs = clock.getAsLong();
    }

    /** A bar on stderr when it is a terminal and not {@code quiet}; nothing otherwise. */
    static FioRun.Progress choose(boolean quiet, boolean terminal, PrintStream err) {
        return quiet || !terminal ? FioRun.Progress.NONE : new FioProgressBar(err, System::nanoTime);
    }

    @Override
    public void at(double fractionDone, long simulatedNs) {
        long now = clock.getAsLong();
        if (now - startNs < FIRST_DRAW_NS || (lastDrawNs != Long.MIN_VALUE && now - lastDrawNs < REDRAW_NS)) return;
        lastDrawNs = now;
        String line = ProgressLine.render("fio", fractionDone, String.format(Locale.ROOT, "%.0f%%, %.3f s simulated",
                100 * fractionDone, simulatedNs / 1e9), now - startNs);
        out.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())));
        drawnLength = Math.max(drawnLength, line.length());
        out.flush();
    }

    /** Clears the bar (before the report), if one was drawn. */
    void clear() {
        if (drawnLength == 0) return;
        out.print("\r" + " ".repeat(drawnLength) + "\r");
        out.flush();
        drawnLength = 0;
    }
}
