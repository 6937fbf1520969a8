package org.hcasim.dist.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hcasim.spi.UlpTool;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** A plugin's tool ({@code UlpProvider.tools()}) as an {@code hcasim} subcommand; the tool parses its own arguments. */
@Command(name = "ulp-tool")
final class UlpToolCommand implements Callable<Integer> {
    private final UlpTool tool;
    private final PrintStream out;
    private final PrintStream err;

    @Parameters(arity = "0..*", paramLabel = "ARG", description = "Arguments for the tool.")
    List<String> args = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private UlpToolCommand(UlpTool tool, PrintStream out, PrintStream err) {
        this.tool = tool;
        this.out = out;
        this.err = err;
    }

    /** A command line for {@code tool}, passing every argument (options too) through untouched. */
    static CommandLine of(UlpTool tool, String ulpName, PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new UlpToolCommand(tool, out, err));
        cl.getCommandSpec().name(tool.name());
        cl.setUnmatchedOptionsArePositionalParams(true);
        cl.getCommandSpec().usageMessage().description(tool.description() + " (from plugin " + ulpName + ")");
        return cl;
    }

    @Override
    public Integer call() {
        spec.commandLine().getOut().flush();
        int code = tool.run(List.copyOf(args), out, err);
        out.flush();
        err.flush();
        return code;
    }
}
