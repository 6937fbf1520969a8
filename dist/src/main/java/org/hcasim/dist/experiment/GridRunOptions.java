package org.hcasim.dist.experiment;

import java.util.Map;
import org.hcasim.dist.experiment.grid.ConsoleProgress;
import org.hcasim.dist.experiment.grid.SweepProgress;
import org.hcasim.dist.experiment.shard.ShardChoice;
import picocli.CommandLine.Option;

/** How a grid's points run, shared by {@code reproduce} and {@code sweep}: parallelism, the shard, the progress bar. */
public final class GridRunOptions {
    @Option(names = "--jobs", paramLabel = "N", description = "Points run in parallel (default: number of cores).")
    Integer jobs;

    @Option(names = "--shard", paramLabel = "K/N|auto",
            description = {"Run only shard K of N of each grid: the points whose index in the grid is K-1 modulo N (seeds come from the point alone);",
                "'auto' takes K and N from a Slurm job array or a Kubernetes Indexed Job (docs/experiments.md). Join shards' --out with hcasim merge."})
    String shard;

    @Option(names = "--shard-count", paramLabel = "N",
            description = "With --shard auto in a Kubernetes Indexed Job: the number of shards (the Job's completions; else HCASIM_SHARD_COUNT).")
    Integer shardCount;

    @Option(names = "--quiet", description = "No progress bar (there is none anyway when stderr is not a terminal).")
    boolean quiet;

    /** Threads for the points: --jobs, or one per core. */
    int threads() {
        return jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
    }

    /** The shard of --shard / --shard-count, resolved against {@code env} for 'auto'. */
    ShardChoice shardChoice(Map<String, String> env) {
        return ShardChoice.resolve(shard, shardCount, env);
    }

    /** The progress display: a bar on a terminal unless --quiet. */
    SweepProgress progress() {
        return ConsoleProgress.forTerminal(quiet);
    }
}
