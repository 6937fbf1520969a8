package org.hcasim.spi;

import java.io.PrintStream;
import java.util.List;

/** An extra {@code hcasim} subcommand contributed by a plugin (e.g. {@code hcasim rds-stress}). */
public interface UlpTool {
    String name();

    String description();

    /** Runs the tool; returns the process exit code. Errors go to {@code err} as one clear line. */
    int run(List<String> args, PrintStream out, PrintStream err);
}
