package org.hcasim.spi;

import java.io.PrintStream;
import java.util.List;

/**
 * An extra {@code hcasim} subcommand contributed by a plugin (e.g. {@code hcasim rds-stress}). The tool parses its
 * own arguments; hcasim's {@code --set KEY=VALUE} and {@code --testbed FILE} are taken out before it sees them and
 * apply to every testbed the tool builds through its {@link ToolContext}.
 */
public interface UlpTool {
    String name();

    String description();

    /**
     * Runs the tool; returns the process exit code (0 ok, 1 bad input, 2 bad command line). Errors go to
     * {@code context.err()} as one clear line. The default calls {@link #run(List, PrintStream, PrintStream)}, for
     * tools that build no testbed.
     */
    default int run(List<String> args, ToolContext context) {
        return run(args, context.out(), context.err());
    }

    /** Runs a tool that needs no testbed; a tool that builds one overrides {@link #run(List, ToolContext)} instead. */
    default int run(List<String> args, PrintStream out, PrintStream err) {
        throw new UnsupportedOperationException(name() + " needs hcasim's tool context");
    }
}
