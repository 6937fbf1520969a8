package org.hcasim.dist.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.cli.support.ConfigOptions;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.dist.experiment.run.SimulationWorkloadRunner;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.ToolContext;
import org.hcasim.spi.UlpTool;
import org.hcasim.spi.WorkloadOutcome;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * A plugin's tool ({@code UlpProvider.tools()}) as an {@code hcasim} subcommand. hcasim takes {@code --set} and
 * {@code --testbed} out of the arguments; the tool parses all the others itself and builds its testbeds through
 * the {@link ToolContext} this command gives it.
 */
@Command(name = "ulp-tool")
final class UlpToolCommand implements Callable<Integer> {
    private final UlpTool tool;
    private final PrintStream out;
    private final PrintStream err;

    @Mixin
    ConfigOptions configOptions;

    @Parameters(arity = "0..*", paramLabel = "ARG", description = "Arguments for the tool.")
    List<String> args = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private UlpToolCommand(UlpTool tool, PrintStream out, PrintStream err) {
        this.tool = tool;
        this.out = out;
        this.err = err;
    }

    /** A command line for {@code tool}, passing every argument but --set and --testbed through untouched. */
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
        int code = tool.run(List.copyOf(args), new Context());
        out.flush();
        err.flush();
        return code;
    }

    /** The tool's view of hcasim: its streams, and testbeds with this command line's configuration. */
    private final class Context implements ToolContext {
        @Override
        public PrintStream out() {
            return out;
        }

        @Override
        public PrintStream err() {
            return err;
        }

        @Override
        public WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload) {
            Installation installation = Installation.current();
            Optional<Path> file = configOptions.testbedFile();
            TestbedSpec effective = file.map(f -> new TestbedSpec("testbed " + f, read(f), testbed.settings())).orElse(testbed);
            long seed = configOptions.load(installation).getLong("sim.seed");
            return SimulationWorkloadRunner.installed().runCustom(effective, workload,
                    ConfigLoader.parseSettings(configOptions.settings()), seed, Optional.empty());
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UserException("cannot read testbed file " + file + ": " + e.getMessage());
        }
    }
}
