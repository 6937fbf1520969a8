package org.hcasim.dist.experiment.grid;

import java.util.Optional;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;

/** One point of a sweep: its result, or why it failed (a failure is reported, never dropped). */
public record PointRun(Point point, long seed, Optional<PointResult> result, Optional<String> failure) {

    public static PointRun ok(Point point, long seed, PointResult result) {
        return new PointRun(point, seed, Optional.of(result), Optional.empty());
    }

    public static PointRun failed(Point point, long seed, String why) {
        return new PointRun(point, seed, Optional.empty(), Optional.of(why));
    }

    public Optional<Double> metric(String name) {
        return result.map(r -> r.metrics().get(name));
    }
}
