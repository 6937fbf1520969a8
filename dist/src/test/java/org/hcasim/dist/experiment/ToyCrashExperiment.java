package org.hcasim.dist.experiment;

import java.util.List;
import java.util.Map;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;
import org.hcasim.spi.ReferenceColumn;
import org.hcasim.spi.RunReport;

/**
 * A test experiment with a bug: its point {@code bs=4096 policy=fancy} throws an {@link IllegalStateException} (not an input
 * error), which makes {@code hcasim reproduce} an internal error (exit 70) after it printed its outputs.
 */
public final class ToyCrashExperiment implements ExperimentDefinition {
    @Override
    public String name() {
        return "toy-crash";
    }

    @Override
    public String description() {
        return "Toy with a bug at bs=4096 policy=fancy";
    }

    @Override
    public List<Axis> axes() {
        return List.of(Axis.of("bs", "512", "4096"), Axis.of("policy", "plain", "fancy"));
    }

    @Override
    public String policyAxis() {
        return "policy";
    }

    @Override
    public String referenceResource() {
        return "/org/hcasim/dist/experiment/toy-crash.csv";
    }

    @Override
    public List<ReferenceColumn> columns() {
        return List.of(ReferenceColumn.axis("bs"), ReferenceColumn.metric("plain_kiops", "kiops", "policy", "plain"),
                ReferenceColumn.metric("fancy_kiops", "kiops", "policy", "fancy"));
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        if (point.getInt("bs") == 4096 && point.get("policy").equals("fancy")) {
            throw new IllegalStateException("toy bug at bs=4096");
        }
        return PointResult.of(Map.of("kiops", 1000.0), new RunReport(1, List.of()));
    }
}
