package org.hcasim.dist.bench;

import java.util.List;
import java.util.concurrent.Callable;
import org.hcasim.dist.experiment.render.ReproduceOutputs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code hcasim bench runs}: wall and thread CPU time, simulated I/Os per wall and per CPU second, events and bytes
 * allocated per I/O of a fixed set of whole runs.
 */
@Command(name = "runs", mixinStandardHelpOptions = true,
        description = "Time a fixed set of realistic whole runs (the experiments' testbeds, each at least 200k simulated I/Os):"
                + " wall time and the simulating thread's CPU time, events and simulated I/Os per wall second,"
                + " simulated I/Os per CPU second, events and bytes allocated per I/O.")
public final class BenchRunsCommand implements Callable<Integer> {

    /** The fixed set: the experiments' testbeds and workloads, each at least 200 k simulated I/Os. */
    static List<BenchRun> fixed() {
        return RealisticBenchRuns.all();
    }

    public enum Format { text, json }

    @Option(names = "--format", defaultValue = "text", description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--only", paramLabel = "TEXT", description = "Only the runs whose name contains TEXT.")
    String only;

    @Option(names = "--list", description = "List the runs' names and stop.")
    boolean list;

    @Option(names = "--warmups", defaultValue = "1", description = "Unmeasured executions per run first (default: ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--repeats", defaultValue = "3", description = "Measured executions per run (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        List<BenchRun> runs = fixed().stream().filter(r -> only == null || r.name().contains(only)).toList();
        var out = spec.commandLine().getOut();
        if (runs.isEmpty()) throw new org.hcasim.core.config.UserException("--only " + only + ": no run's name contains it (see --list)");
        if (list) {
            for (BenchRun r : runs) out.println(r.name());
            out.flush();
            return 0;
        }
        List<BenchResult> results = new BenchRunner(warmups, repeats, System::nanoTime).run(runs);
        out.print(format == Format.json ? ReproduceOutputs.json(BenchReport.tree(results, warmups, repeats)) : BenchReport.text(results));
        out.flush();
        return 0;
    }
}
