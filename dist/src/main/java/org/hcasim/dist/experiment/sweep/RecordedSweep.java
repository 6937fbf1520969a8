package org.hcasim.dist.experiment.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.Axis;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;

/**
 * A sweep as its shard records describe it (name, description, axes), for {@code hcasim merge} to render the points
 * the shards ran: the same grid and the same outputs as the {@link SweepDefinition} that ran them, which the merging
 * machine need not have (the job file stays where the shards ran). It runs nothing.
 */
public final class RecordedSweep implements SweepGrid {
    private final String name;
    private final String description;
    private final List<Axis> axes;

    public RecordedSweep(String name, String description, Map<String, List<String>> axes) {
        this.name = name;
        this.description = description;
        List<Axis> list = new ArrayList<>();
        axes.forEach((a, values) -> list.add(Axis.of(a, values.toArray(String[]::new))));
        this.axes = List.copyOf(list);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return description;
    }

    @Override
    public List<Axis> axes() {
        return axes;
    }

    @Override
    public PointResult run(Point point, ExperimentContext context) {
        throw new IllegalStateException("sweep " + name + " was merged from its shards' records; its points are not run again");
    }
}
