package org.hcasim.dist.bench;

import java.util.List;
import java.util.concurrent.Callable;
import org.hcasim.dist.experiment.render.ReproduceOutputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code hcasim bench runs}: wall time, simulated I/Os per wall second, events and bytes allocated per I/O of a fixed set of whole runs. */
@Command(name = "runs", mixinStandardHelpOptions = true,
        description = "Time a fixed set of whole simulation runs: wall time, simulated I/Os per wall second, events and bytes allocated per I/O.")
public final class BenchRunsCommand implements Callable<Integer> {

    /** The fixed set: the engine's host model alone (small, large), and fio over NVMe-oF on the built-in testbed. */
    static final List<BenchRun> FIXED = List.of(
            new HostPipelineRun(4, 32, 10_000_000L),
            new HostPipelineRun(24, 128, 2_000_000L),
            FioBenchRun.nvmeofRandread4k());

    public enum Format { text, json }

    @Option(names = "--format", defaultValue = "text", description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--warmups", defaultValue = "2", description = "Unmeasured executions per run first (default: ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--repeats", defaultValue = "5", description = "Measured executions per run (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<BenchResult> results = new BenchRunner(warmups, repeats, System::nanoTime).run(FIXED);
        var out = spec.commandLine().getOut();
        out.print(format == Format.json ? ReproduceOutputs.json(BenchReport.tree(results, warmups, repeats)) : BenchReport.text(results));
        out.flush();
        return 0;
    }
}
