package org.hcasim.dist.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.experiment.compare.ReferenceTable;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.experiment.render.ReproduceOutputs;
import org.hcasim.dist.experiment.shard.ShardMerge;
import org.hcasim.dist.experiment.shard.ShardRecord;
import org.hcasim.dist.experiment.sweep.RecordedSweep;
import org.hcasim.dist.experiment.sweep.SweepOutputs;
import org.hcasim.dist.report.OutputTargets;
import org.hcasim.spi.ExperimentDefinition;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code hcasim merge DIR...}: the shards of one {@code reproduce} or {@code sweep} run, each from its {@code --out}
 * directory's {@value ShardRecord#FILE}, rendered as the unsharded run renders them (stdout in --format, the
 * directory with --out), byte for byte, since every point's seed and result depend on the point alone.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Join the --out directories of the shards of one 'reproduce ... --shard K/N' or 'sweep ... --shard K/N' run",
            "into the outputs one unsharded run gives: the same text, CSV, JSON, plots and index.html, byte for byte.",
            "Refuses shards missing, given twice, or from different experiments, grids, options or hcasim versions.",
            "Exit code 1 if a point failed, as the run's."},
        footer = {"", "Examples:", "  hcasim merge --out report/ shard1/ shard2/ shard3/",
            "  hcasim merge --format csv results/shard-*"})
public final class MergeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shards' --out directories (any order).")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--format", defaultValue = "text", description = "Output on stdout: text, csv or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write the run's files (CSV, JSON, text, plots, index.html) into DIR.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!List.of("text", "csv", "json").contains(format)) {
            throw new UserException("--format " + format + ": expected text, csv or json");
        }
        if (out != null) {
            for (Path d : dirs) {
                if (d.toAbsolutePath().normalize().equals(out.toAbsolutePath().normalize())) {
                    throw new UserException("--out " + out + " is one of the shards being merged; write the merged run elsewhere");
                }
            }
            OutputTargets.directory("--out", out);
        }
        List<ShardMerge.Input> inputs = new ArrayList<>();
        for (Path d : dirs) inputs.add(new ShardMerge.Input(d, ShardRecord.read(d)));
        ShardRecord merged = ShardMerge.merge(inputs);
        return switch (merged.command()) {
            case "reproduce" -> reproduce(merged);
            case "sweep" -> sweep(merged);
            default -> throw new UserException("merge: " + dirs.get(0) + " is from 'hcasim " + merged.command()
                    + "', which this hcasim cannot merge");
        };
    }

    private int reproduce(ShardRecord merged) {
        ExperimentRegistry registry = ExperimentRegistry.installed();
        List<ExperimentOutcome> outcomes = new ArrayList<>();
        for (ShardRecord.Part part : merged.parts()) {
            ExperimentDefinition e = registry.get(part.name());
            ExperimentGrid grid = ExperimentGrid.of(e, part.axes());
            ReferenceTable reference = ExperimentRegistry.reference(e);
            if (!ShardRecord.gridDigest(grid.points()).equals(part.gridDigest())) {
                throw new UserException("merge: the installed experiment " + e.name() + " (" + registry.origin(e.name())
                        + ") has a different grid from the one the shards ran: merge with the hcasim and plugins that ran them");
            }
            if (!ShardRecord.sha256(reference.toCsv()).equals(part.reference())) {
                throw new UserException("merge: the installed reference table of " + e.name() + " differs from the one the shards"
                        + " compared with: merge with the hcasim and plugins that ran them");
            }
            outcomes.add(ExperimentOutcome.of(grid, reference, new ArrayList<>(part.runs().values())));
        }
        ReproduceCommand.report(spec, outcomes, merged, ReproduceOutputs.Format.valueOf(format), out, "merge");
        spec.commandLine().getErr().flush();
        ReproduceCommand.failIfAPointCrashed(outcomes);
        return outcomes.stream().anyMatch(o -> !o.summary().failedPoints().isEmpty()) ? 1 : 0;
    }

    private int sweep(ShardRecord merged) {
        ShardRecord.Part part = merged.parts().get(0);
        ExperimentGrid grid = ExperimentGrid.of(new RecordedSweep(part.name(), part.description(), part.axes()));
        if (!ShardRecord.gridDigest(grid.points()).equals(part.gridDigest())) {
            throw new UserException("merge: the grid of sweep " + part.name() + " in " + dirs.get(0) + " does not match its axes");
        }
        String metrics = merged.identity().getOrDefault("metrics", "");
        SweepOutputs.Result result = new SweepOutputs.Result(grid, new ArrayList<>(part.runs().values()),
                metrics.isEmpty() ? List.of() : List.of(metrics.split(",")));
        SweepCommand.report(spec, result, merged, format, out, "merge");
        return result.runs().stream().anyMatch(r -> r.failure().isPresent()) ? 1 : 0;
    }
}
