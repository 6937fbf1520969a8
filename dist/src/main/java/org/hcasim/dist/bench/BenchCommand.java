package org.hcasim.dist.bench;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code hcasim bench}: how fast the simulator runs. A parent command; each kind of benchmark is a
 * subcommand ({@code runs}: whole runs; {@code kernel}: the event loop; {@code scale}: heap of many MRs and QPs).
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measure the simulator's own speed (wall time, simulated work per wall second).",
        subcommands = {BenchRunsCommand.class, BenchKernelCommand.class, BenchScaleCommand.class})
public final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }
}
