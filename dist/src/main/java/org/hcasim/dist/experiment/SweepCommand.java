package org.hcasim.dist.experiment;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.hcasim.core.config.TextFiles;
import org.hcasim.core.config.UserException;
import org.hcasim.dist.cli.support.ConfigOptions;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.experiment.shard.ShardChoice;
import org.hcasim.dist.experiment.shard.ShardRecord;
import org.hcasim.dist.experiment.grid.Sweep;
import org.hcasim.dist.experiment.run.EngineContext;
import org.hcasim.dist.experiment.run.WorkloadRunner;
import org.hcasim.dist.experiment.sweep.SweepDefinition;
import org.hcasim.dist.experiment.sweep.SweepOutputs;
import org.hcasim.fio.JobFileParser;
import org.hcasim.spi.Axis;
import org.hcasim.spi.Point;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code hcasim sweep JOB --axis KEY=V1,V2 ...}: a fio job over a grid of configuration keys and fio options. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run a fio job file over every combination of the --axis values.",
            "An axis is a configuration key (with a dot, e.g. hca.profile, nvmeof.host.registration-policy) or a fio",
            "option (bs, iodepth, rw, ...). Prints a table",
            "of the chosen metrics per point with what limited it; --out writes CSV, JSON, plots and index.html.",
            "Points run in parallel, each seeded from the job's name and the point only, so the output does not",
            "depend on --jobs or --shard. Exit code 1 if a point failed."},
        footer = {"", "Examples:",
            "  hcasim sweep examples/nvmeof-randread.fio --axis bs=4k,64k --axis hca.umr.inline-max-bytes=0,64 --out sweep/",
            "  hcasim sweep examples/nvmeof-randread.fio --axis iodepth=1,4,16,64 --metric kiops,clat_mean_ns",
            "  hcasim sweep examples/srp-randread.fio --axis bs=512,4k,64k --shard 1/2   (and 2/2 elsewhere)"})
public final class SweepCommand implements Callable<Integer> {

    /** What the table shows unless --metric says otherwise (every metric is in the JSON). */
    static final List<String> DEFAULT_METRICS = List.of("kiops", "bw_bytes", "clat_mean_ns", "cpu_pct.initiator", "cpu_pct.target");

    @Parameters(index = "0", paramLabel = "JOB", description = "The fio job file.")
    Path job;

    @Option(names = "--axis", paramLabel = "KEY=V1,V2", required = true,
            description = "An axis of the grid (repeatable): a configuration key or a fio option and its values.")
    List<String> axes = new ArrayList<>();

    @Option(names = "--metric", paramLabel = "NAME[,NAME]", split = ",",
            description = "Metrics of the table, CSV and plots (default: kiops, bw_bytes, clat_mean_ns, cpu_pct.initiator, "
                    + "cpu_pct.target; also iops, read_iops, write_iops, ios, cpu_pct.HOST).")
    List<String> metrics;

    @Mixin
    ConfigOptions configOptions;

    @Option(names = "--format", defaultValue = "text", description = "Output on stdout: text, csv or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write NAME.txt, .csv, .json, a PNG/SVG plot per metric and index.html into DIR.")
    Path out;

    @Mixin
    GridRunOptions run;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!List.of("text", "csv", "json").contains(format)) {
            throw new UserException("--format " + format + ": expected text, csv or json");
        }
        List<String> chosen = metrics == null ? DEFAULT_METRICS : metrics.stream().map(String::strip).toList();
        Map<String, List<String>> axisValues = ExperimentGrid.parseAxisOptions(axes);
        List<Axis> gridAxes = new ArrayList<>();
        axisValues.forEach((k, v) -> {
            if (v.stream().distinct().count() != v.size()) throw new UserException("--axis " + k + " needs distinct values");
            gridAxes.add(Axis.of(k, v.toArray(String[]::new)));
        });
        String file = job.getFileName().toString();
        String name = file.replaceAll("\\.(fio|job|ini)$", "");
        List<JobFileParser.JobFileText> text = List.of(new JobFileParser.JobFileText(job.toString(), TextFiles.read(job, "job file")));
        Installation installation = Installation.current();
        SweepDefinition sweep = new SweepDefinition(name, text, gridAxes, () -> configOptions.loader(installation));
        ShardChoice part = run.shardChoice(System.getenv());
        ExperimentGrid whole = ExperimentGrid.of(sweep);
        ExperimentGrid grid = part.shard().of(whole);
        if (!part.origin().isEmpty()) {
            spec.commandLine().getErr().println("sweep: shard " + part.shard().index() + "/" + part.shard().count() + " ("
                    + part.origin() + "): " + grid.points().size() + " of " + whole.points().size() + " points");
        }
        for (Point p : grid.points()) sweep.jobs(p); // a bad fio value fails at once, naming the axis
        int threads = run.threads();
        // the sweep's points run themselves (SweepDefinition.run), so their context offers no workload runner
        List<PointRun> runs = new Sweep(threads, (point, seed) -> new EngineContext(seed, Map.of(), WorkloadRunner.UNAVAILABLE,
                java.util.Optional.empty()), run.progress()).run(grid);
        SweepOutputs.Result result = new SweepOutputs.Result(grid, runs, chosen);
        ShardRecord record = new ShardRecord(org.hcasim.dist.cli.support.BuildVersion.get(), "sweep", identity(file, text.get(0).text(), chosen),
                part.shard(), List.of(ShardRecord.part(whole, "", runs)));
        report(spec, result, record, format, out, "sweep");
        return runs.stream().anyMatch(r -> r.failure().isPresent()) ? 1 : 0;
    }

    /** The options besides the grid that decide a sweep's results and outputs. */
    private Map<String, String> identity(String file, String jobText, List<String> chosen) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("job", file);
        m.put("job_sha256", ShardRecord.sha256(jobText));
        m.put("metrics", String.join(",", chosen));
        m.put("set", String.join(" ", configOptions.settings().stream().map(String::strip).sorted().toList())); // order-free, as --set is
        m.put("testbed_sha256", configOptions.testbedFile().map(t -> ShardRecord.sha256(TextFiles.read(t, "testbed file"))).orElse(""));
        return m;
    }

    /**
     * Prints the result in --format and, with --out, writes the directory and its shard record; the same for a sweep
     * and for {@code hcasim merge}, so that merged shards give a sweep's bytes.
     */
    static void report(CommandSpec spec, SweepOutputs.Result result, ShardRecord record, String format, Path out, String command) {
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(switch (format) {
            case "csv" -> SweepOutputs.csv(result);
            case "json" -> SweepOutputs.json(result);
            default -> SweepOutputs.text(result);
        });
        stdout.flush();
        if (out != null) {
            Path index = SweepOutputs.writeDirectory(result, out);
            record.write(out);
            spec.commandLine().getErr().println(command + ": wrote " + index);
        }
        spec.commandLine().getErr().flush();
    }
}
