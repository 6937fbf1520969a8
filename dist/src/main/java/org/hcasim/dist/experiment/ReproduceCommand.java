package org.hcasim.dist.experiment;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import org.hcasim.core.config.UserException;
import org.hcasim.core.sim.TraceRecorder;
import org.hcasim.core.sim.TraceSink;
import org.hcasim.dist.experiment.compare.ExperimentOutcome;
import org.hcasim.dist.experiment.grid.ContextFactory;
import org.hcasim.dist.experiment.grid.ExperimentGrid;
import org.hcasim.dist.experiment.grid.PointRun;
import org.hcasim.dist.experiment.grid.Shard;
import org.hcasim.dist.experiment.grid.Sweep;
import org.hcasim.dist.experiment.render.ReproduceOutputs;
import org.hcasim.dist.experiment.run.EngineContext;
import org.hcasim.dist.experiment.shard.ShardChoice;
import org.hcasim.dist.experiment.shard.ShardRecord;
import org.hcasim.dist.experiment.run.SimulationWorkloadRunner;
import org.hcasim.dist.experiment.run.WorkloadRunner;
import org.hcasim.dist.report.ChromeTrace;
import org.hcasim.dist.report.OutputTargets;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code hcasim reproduce NAME|all}: runs experiments and compares them with their reference tables. */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = {"Run an experiment's grid and compare each simulated cell with its reference measurement.",
            "Prints simulated beside reference with the error, the sign of every policy comparison, a summary,",
            "and each run's bottleneck. Exit code 1 if a point failed."},
        footer = {"", "Examples:", "  hcasim reproduce inline-umr --axis bs=4096",
            "  hcasim reproduce all --out report/   (then open report/index.html)",
            "  hcasim reproduce all --shard 2/3 --out shard2/   (1/3, 3/3 elsewhere; then hcasim merge --out report/ shard1 shard2 shard3)"})
public final class ReproduceCommand implements Callable<Integer> {

    /** Most trace records kept: about 100 MB of JSON at most, still loadable in a trace viewer. */
    static final int DEFAULT_TRACE_LIMIT = 500_000;

    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME|all", description = "Experiment to run, or all of them.")
    String name;

    @Option(names = "--list", description = "List the installed experiments (name, origin, axes, reference) and exit.")
    boolean list;

    @Option(names = "--axis", paramLabel = "NAME=V1,V2", description = "Replace an axis's values (repeatable).")
    List<String> axes = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Configuration override for every run (repeatable).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--format", defaultValue = "text", description = "Output on stdout: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    ReproduceOutputs.Format format;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write CSV, JSON, text, PNG/SVG plots and index.html into DIR.")
    Path out;

    @Mixin
    GridRunOptions run;

    @Option(names = "--trace", paramLabel = "FILE", description = "Write a Chrome/Perfetto trace of the first point's run to FILE.")
    Path trace;

    @Option(names = "--trace-point", paramLabel = "AXIS=VALUE,...",
            description = "Trace the first point matching these coordinates instead of the first point (e.g. umr=inline,bs=4096).")
    String tracePoint;

    @Option(names = "--trace-limit", paramLabel = "N", defaultValue = "" + DEFAULT_TRACE_LIMIT,
            description = "Most trace records kept (default: ${DEFAULT-VALUE}); the rest are counted as dropped.")
    int traceLimit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        ExperimentRegistry registry = ExperimentRegistry.installed();
        if (list) {
            spec.commandLine().getOut().print(listing(registry));
            spec.commandLine().getOut().flush();
            return 0;
        }
        if (name == null) {
            throw new UserException("name an experiment or 'all' (see --list)");
        }
        List<ExperimentDefinition> selected = registry.select(name);
        Map<String, List<String>> axisValues = ExperimentGrid.parseAxisOptions(axes);
        Map<String, String> overrides = parseSets(sets);
        int threads = run.threads();
        if (traceLimit < 1) {
            throw new UserException("--trace-limit must be at least 1, not " + traceLimit);
        }

        if (out != null) OutputTargets.directory("--out", out); // before the sweep, not after it
        if (trace != null) OutputTargets.file("--trace", trace);
        ShardChoice part = run.shardChoice(System.getenv());
        List<ExperimentGrid> whole = grids(selected, axisValues);
        List<ExperimentGrid> grids = whole.stream().map(part.shard()::of).toList();
        if (!part.origin().isEmpty()) {
            spec.commandLine().getErr().println("reproduce: shard " + part.shard().index() + "/" + part.shard().count() + " ("
                    + part.origin() + "): " + grids.stream().mapToInt(g -> g.points().size()).sum() + " of "
                    + whole.stream().mapToInt(g -> g.points().size()).sum() + " points");
        }
        TraceRecorder recorder = trace == null ? null : new TraceRecorder(traceLimit);
        Point traced = tracedPoint(grids.get(0), tracePoint);
        WorkloadRunner runner = SimulationWorkloadRunner.installed();

        Function<ExperimentGrid, ContextFactory> contexts = grid -> {
            boolean tracedGrid = recorder != null && grid == grids.get(0);
            return (point, seed) -> new EngineContext(seed, overrides, runner,
                    tracedGrid && point.equals(traced) ? Optional.<TraceSink>of(recorder) : Optional.empty());
        };
        List<List<PointRun>> runs = new Sweep(threads, contexts, run.progress()).runAll(grids);
        List<ExperimentOutcome> outcomes = new ArrayList<>();
        for (int i = 0; i < grids.size(); i++) {
            ExperimentGrid grid = grids.get(i);
            outcomes.add(ExperimentOutcome.of(grid, ExperimentRegistry.reference(grid.experiment()), runs.get(i)));
        }

        PrintWriter stderr = spec.commandLine().getErr();
        report(spec, outcomes, record(whole, outcomes, part.shard()), format, out, "reproduce");
        if (recorder != null) {
            writeTrace(recorder, grids.get(0).experiment().name() + " " + traced, stderr);
        }
        stderr.flush();
        failIfAPointCrashed(outcomes);
        boolean failed = outcomes.stream().anyMatch(o -> !o.summary().failedPoints().isEmpty());
        if (name.equals("all")) {
            registry.broken().forEach((n, why) -> stderr.println("reproduce: experiment " + n + " (" + registry.origin(n)
                    + ") was not run, its definition is broken: " + why));
            failed |= !registry.broken().isEmpty();
        }
        stderr.flush();
        return failed ? 1 : 0;
    }

    /**
     * Prints the outcomes in --format and, with --out, writes the directory and its shard record; the same for a run
     * and for {@code hcasim merge}, so that merged shards give a run's bytes.
     */
    static void report(CommandSpec spec, List<ExperimentOutcome> outcomes, ShardRecord record, ReproduceOutputs.Format format,
                       Path out, String command) {
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(ReproduceOutputs.render(outcomes, format));
        stdout.flush();
        if (out != null) {
            Path index = ReproduceOutputs.writeDirectory(outcomes, out);
            record.write(out);
            spec.commandLine().getErr().println(command + ": wrote " + index);
        }
    }

    /** The record of this run: what decides its results (--set; the grids are in the parts) and its shard's runs. */
    ShardRecord record(List<ExperimentGrid> whole, List<ExperimentOutcome> outcomes, Shard shard) {
        List<ShardRecord.Part> parts = new ArrayList<>();
        for (int i = 0; i < whole.size(); i++) {
            ExperimentOutcome o = outcomes.get(i);
            parts.add(ShardRecord.part(whole.get(i), ShardRecord.sha256(o.reference().toCsv()), o.runs()));
        }
        return new ShardRecord(org.hcasim.dist.cli.support.BuildVersion.get(), "reproduce", identity(name, sets), shard, parts);
    }

    /** The options besides the grid that decide a reproduce run's results. */
    static Map<String, String> identity(String selection, List<String> sets) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("selection", selection);
        m.put("set", String.join(" ", new java.util.TreeMap<>(parseSets(sets)).entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).toList()));
        return m;
    }

    /**
     * A point that failed on a bug in hcasim (not on its input) is an internal error of the command, exit 70, reported on
     * stderr after the outputs (which show it as FAILED), with its stack trace under --debug.
     */
    static void failIfAPointCrashed(List<ExperimentOutcome> outcomes) {
        for (ExperimentOutcome o : outcomes) {
            for (PointRun r : o.runs()) {
                if (r.bug().isPresent()) {
                    throw new IllegalStateException("point " + r.point() + " of " + o.experiment().name() + " failed: "
                            + r.bug().get(), r.bug().get());
                }
            }
        }
    }

    static String listing(ExperimentRegistry registry) {
        StringBuilder b = new StringBuilder();
        registry.broken().forEach((n, why) -> b.append(n).append(" (").append(registry.origin(n)).append("): BROKEN: ")
                .append(why).append('\n'));
        for (ExperimentDefinition e : registry.all()) {
            b.append(e.name()).append(" (").append(registry.origin(e.name())).append("): ").append(e.description()).append('\n');
            for (Axis a : e.axes()) {
                b.append("  axis ").append(a.name()).append(" = ").append(String.join(",", a.values()));
                List<String> more = a.allowed().stream().filter(v -> !a.values().contains(v)).toList();
                if (!more.isEmpty()) {
                    b.append("  (also allowed: ").append(String.join(",", more)).append(')');
                }
                if (a.name().equals(e.policyAxis())) {
                    b.append("  <- policy");
                }
                b.append('\n');
            }
            b.append("  reference ").append(e.referenceResource()).append('\n');
        }
        return b.toString();
    }

    /** With {@code all}, an axis applies to the experiments that have it; it must exist in at least one. */
    static List<ExperimentGrid> grids(List<ExperimentDefinition> selected, Map<String, List<String>> axisValues) {
        if (selected.size() == 1) {
            return List.of(ExperimentGrid.of(selected.get(0), axisValues));
        }
        for (String axis : axisValues.keySet()) {
            if (selected.stream().noneMatch(e -> ExperimentGrid.axisNames(e).contains(axis))) {
                throw new UserException("no experiment has an axis '" + axis + "'; axes: " + String.join(", ",
                        selected.stream().flatMap(e -> e.axes().stream().map(Axis::name)).distinct().sorted().toList()));
            }
        }
        List<ExperimentGrid> out = new ArrayList<>();
        for (ExperimentDefinition e : selected) {
            Map<String, List<String>> own = new LinkedHashMap<>(axisValues);
            own.keySet().retainAll(ExperimentGrid.axisNames(e));
            out.add(ExperimentGrid.of(e, own));
        }
        return out;
    }

    /** The first point of {@code grid} matching {@code spec} ({@code axis=value,...}), or its first point. */
    static Point tracedPoint(ExperimentGrid grid, String spec) {
        if (spec == null) {
            return grid.points().get(0);
        }
        Map<String, String> want = new LinkedHashMap<>();
        for (String part : spec.split(",")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new UserException("--trace-point " + spec + ": expected axis=value[,axis=value...], e.g. --trace-point bs=4096");
            }
            want.put(part.substring(0, eq).strip(), part.substring(eq + 1).strip());
        }
        return grid.points().stream()
                .filter(p -> want.entrySet().stream().allMatch(w -> w.getValue().equals(p.coordinates().get(w.getKey()))))
                .findFirst()
                .orElseThrow(() -> new UserException("--trace-point " + spec + " matches no point of " + grid.experiment().name()
                        + "; points run: " + grid.points().stream().map(Point::toString).limit(6).toList()
                        + (grid.points().size() > 6 ? " ..." : "")));
    }

    static Map<String, String> parseSets(List<String> sets) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String s : sets) {
            int eq = s.indexOf('=');
            if (eq <= 0) {
                throw new UserException("--set " + s + ": expected key=value, e.g. --set hca.umr.inline-max-bytes=512");
            }
            if (m.put(s.substring(0, eq).strip(), s.substring(eq + 1).strip()) != null) {
                throw new UserException("--set " + s.substring(0, eq).strip() + " is given twice");
            }
        }
        return m;
    }

    private void writeTrace(TraceRecorder recorder, String title, PrintWriter stderr) throws IOException {
        try (Writer w = Files.newBufferedWriter(trace, StandardCharsets.UTF_8)) {
            ChromeTrace.write(recorder, title, w);
        } catch (IOException e) {
            throw new UserException("--trace " + trace + ": cannot write: " + e.getMessage());
        }
        if (recorder.records().isEmpty()) {
            stderr.println("reproduce: trace of " + title + " is empty: that point ran no simulation");
        } else {
            stderr.println("reproduce: wrote trace of " + title + " to " + trace + " (" + recorder.records().size()
                    + " records" + (recorder.dropped() > 0 ? ", " + recorder.dropped() + " dropped over --trace-limit" : "") + ")");
        }
    }
}
