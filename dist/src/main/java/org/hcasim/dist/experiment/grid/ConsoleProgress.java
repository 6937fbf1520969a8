package org.hcasim.dist.experiment.grid;

import java.io.PrintStream;
import java.util.function.LongSupplier;

/**
 * A one-line progress bar redrawn in place ({@code \r}) on a terminal:
 * {@code inline-umr [###############---------------] 3/6 points, 0:12 elapsed, ETA 0:12} ({@link ProgressLine}).
 * Use only when a person watches ({@link #choose}); pipes, CI and {@code --quiet} get {@link SweepProgress#NONE}.
 */
public final class ConsoleProgress implements SweepProgress {
    private final PrintStream out;
    private final LongSupplier clock;
    private String experiment = "";
    private int total;
    private int done;
    private long startNs;
    private int drawnLength;

    /** {@code clock}: wall time in ns ({@code System::nanoTime}; a test's own). */
    public ConsoleProgress(PrintStream out, LongSupplier clock) {
        this.out = out;
        this.clock = clock;
    }

    /** Whether stderr goes to a person: since JDK 22 {@code System.console()} exists even when output is redirected. */
    public static boolean onTerminal() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal();
    }

    /** A bar on {@code err} when {@code terminal} and not {@code quiet}, nothing otherwise. */
    public static SweepProgress choose(boolean quiet, boolean terminal, PrintStream err) {
        return quiet || !terminal ? SweepProgress.NONE : new ConsoleProgress(err, System::nanoTime);
    }

    /** {@link #choose} for this process's terminal and stderr. */
    public static SweepProgress forTerminal(boolean quiet) {
        return choose(quiet, onTerminal(), System.err);
    }

    @Override
    public synchronized void started(String experiment, int points) {
        this.experiment = experiment;
        this.total = points;
        this.done = 0;
        this.startNs = clock.getAsLong();
        draw();
    }

    @Override
    public synchronized void pointDone() {
        done++;
        draw();
    }

    @Override
    public synchronized void finished() {
        out.print("\r" + " ".repeat(drawnLength) + "\r");
        out.flush();
        drawnLength = 0;
    }

    private void draw() {
        String line = ProgressLine.render(experiment, total == 0 ? 1 : (double) done / total, done + "/" + total + " points",
                clock.getAsLong() - startNs);
        // pad over the longer line drawn before (the ETA comes and goes)
        out.print("\r" + line + " ".repeat(Math.max(0, drawnLength - line.length())));
        drawnLength = Math.max(drawnLength, line.length());
        out.flush();
    }
}
