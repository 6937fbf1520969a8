package org.hcasim.dist.experiment.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.hcasim.core.config.ConfigLayer;
import org.hcasim.core.config.ConfigLoader;
import org.hcasim.core.config.HcasimConfig;
import org.hcasim.core.config.LayerKind;
import org.hcasim.dist.cli.support.Installation;
import org.hcasim.dist.experiment.grid.PointSeed;
import org.hcasim.dist.experiment.run.FioJobRun;
import org.hcasim.dist.experiment.run.FioMetrics;
import org.hcasim.fio.CommandLineJobs;
import org.hcasim.fio.JobFileParser;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;

/**
 * A fio job over a grid of settings, as an experiment without a reference: each axis is a configuration key (it has a
 * dot: {@code hca.profile}, {@code nvmeof.host.registration-policy}) layered over the testbed for the point, or a fio
 * option ({@code bs}, {@code iodepth}) applied to every job after its own options. A point runs as {@code hcasim fio}
 * runs the job (host engines mapped, the same run report), seeded from the sweep's name and the point only.
 */
public final class SweepDefinition implements SweepGrid {
    private final String name;
    private final List<JobFileParser.JobFileText> job;
    private final List<Axis> axes;
    private final Supplier<ConfigLoader> loader;

    /** {@code loader}: a new loader per point with the installation's layers, the testbed file and --set. */
    public SweepDefinition(String name, List<JobFileParser.JobFileText> job, List<Axis> axes, Supplier<ConfigLoader> loader) {
        this.name = name;
        this.job = List.copyOf(job);
        this.axes = List.copyOf(axes);
        this.loader = loader;
    }

    /** A configuration key has a dot ({@code area.kebab-case}); fio options have none. */
    public static boolean isConfigKey(String axis) {
        return axis.contains(".");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "sweep of " + String.join(", ", job.stream().map(JobFileParser.JobFileText::name).toList()) + " over "
                + String.join(", ", axes.stream().map(Axis::name).toList());
    }

    @Override
    public List<Axis> axes() {
        return axes;
    }

    /** The jobs of a point, parsed (also to check every point's fio options before anything runs). */
    public JobFileParser.JobSet jobs(Point point) {
        Map<String, String> options = new LinkedHashMap<>();
        point.coordinates().forEach((k, v) -> {
            if (!isConfigKey(k)) options.put(k, v);
        });
        return JobFileParser.parse(CommandLineJobs.NONE, job, options, "--axis");
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        Map<String, String> settings = new LinkedHashMap<>();
        point.coordinates().forEach((k, v) -> {
            if (isConfigKey(k)) settings.put(k, v);
        });
        HcasimConfig config = loader.get()
                .testbed(ConfigLayer.of("sweep point seed", LayerKind.TESTBED, Map.of("sim.seed", Long.toString(PointSeed.of(name, point)))))
                .testbed(ConfigLayer.of("sweep point " + point, LayerKind.TESTBED, settings))
                .load();
        List<String> errors = new ArrayList<>();
        FioJobRun.Outcome outcome = FioJobRun.run(jobs(point), config, Installation.current().ulps(), errors::add, 0, r -> { });
        if (outcome.results().anyError()) {
            throw new org.hcasim.core.config.UserException("the job ended with an error: "
                    + (errors.isEmpty() ? "see its error code" : errors.get(0)));
        }
        return PointResult.of(FioMetrics.of(outcome.results(), outcome.report()), outcome.report());
    }
}
