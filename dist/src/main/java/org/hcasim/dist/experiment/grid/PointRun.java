package org.hcasim.dist.experiment.grid;

import java.util.Optional;
import org.hcasim.spi.Point;
import org.hcasim.spi.PointResult;

/**
 * One point of a sweep: its result, or why it failed (a failure is reported, never dropped), and, when it failed on a
 * bug in hcasim rather than on its input, the exception ({@code bug}), which makes the command an internal error.
 */
public record PointRun(Point point, long seed, Optional<PointResult> result, Optional<String> failure,
                       Optional<Throwable> bug) {

    public static PointRun ok(Point point, long seed, PointResult result) {
        return new PointRun(point, seed, Optional.of(result), Optional.empty(), Optional.empty());
    }

    /** Failed on its input (a setting, a value out of range). */
    public static PointRun failed(Point point, long seed, String why) {
        return new PointRun(point, seed, Optional.empty(), Optional.of(why), Optional.empty());
    }

    /** Failed on a bug: {@code why} for the table, {@code bug} for the command's internal error. */
    public static PointRun crashed(Point point, long seed, String why, Throwable bug) {
        return new PointRun(point, seed, Optional.empty(), Optional.of(why), Optional.of(bug));
    }

    public Optional<Double> metric(String name) {
        return result.map(r -> r.metrics().get(name));
    }
}
