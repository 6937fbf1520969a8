package org.hcasim.dist.experiment.grid;

import java.io.PrintStream;

/**
 * A one-line progress bar redrawn in place ({@code \r}) on a terminal: {@code inline-umr [#####-----] 3/6}.
 * Use only when a person watches (a console is attached); pipes and CI get {@link SweepProgress#NONE}.
 */
public final class ConsoleProgress implements SweepProgress {
    private static final int WIDTH = 30;
    private final PrintStream out;
    private String experiment = "";
    private int total;
    private int done;

    public ConsoleProgress(PrintStream out) {
        this.out = out;
    }

    /**
     * A bar on stderr when a terminal is attached, nothing otherwise. Since JDK 22 {@code System.console()}
     * exists even when output is redirected, so {@code isTerminal()} decides.
     */
    public static SweepProgress forTerminal() {
        java.io.Console console = System.console();
        return console != null && console.isTerminal() ? new ConsoleProgress(System.err) : SweepProgress.NONE;
    }

    @Override
    public synchronized void started(String experiment, int points) {
        this.experiment = experiment;
        this.total = points;
        this.done = 0;
        draw();
    }

    @Override
    public synchronized void pointDone() {
        done++;
        draw();
    }

    @Override
    public synchronized void finished() {
        out.print("\r" + " ".repeat(experiment.length() + WIDTH + 20) + "\r");
        out.flush();
    }

    private void draw() {
        int filled = total == 0 ? WIDTH : done * WIDTH / total;
        out.print("\r" + experiment + " [" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] " + done + "/" + total + " points");
        out.flush();
    }
}
