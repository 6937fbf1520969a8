package org.hcasim.dist.mrbench;

import java.io.PrintStream;
import java.util.Locale;
import org.hcasim.dist.experiment.MrBenchWorkload;

/**
 * mr-bench's progress line, redrawn in place on stderr at most four times a wall second, and only when a terminal
 * is attached (pipes and CI get nothing).
 */
final class TerminalProgress implements MrBenchWorkload.Progress {
    private static final long REDRAW_NS = 250_000_000L;
    private boolean drawn;
    private final PrintStream out;
    private long lastDraw = System.nanoTime();

    private TerminalProgress(PrintStream out) {
        this.out = out;
    }

    static MrBenchWorkload.Progress forTerminal() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal() ? new TerminalProgress(System.err) : MrBenchWorkload.Progress.NONE;
    }

    @Override
    public void registered(long done, long total, long simulatedNs) {
        long now = System.nanoTime();
        if (now - lastDraw < REDRAW_NS) {
            return;
        }
        lastDraw = now;
        drawn = true;
        out.printf(Locale.ROOT, "\rmr-bench: %d/%d registrations, %.3f s simulated ", done, total, simulatedNs / 1e9);
        out.flush();
    }

    @Override
    public void finished() {
        if (drawn) {
            out.print("\r" + " ".repeat(72) + "\r");
            out.flush();
            drawn = false;
        }
    }
}
