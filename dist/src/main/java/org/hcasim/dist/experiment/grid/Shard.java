package org.hcasim.dist.experiment.grid;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.config.UserException;
import org.hcasim.spi.Point;

/**
 * {@code --shard K/N}: shard K (1-based) of N runs the points whose index in the grid's order is K-1 modulo N, so
 * N machines given 1/N ... N/N run every point once between them, and a point's shard never depends on anything but
 * the grid. Seeds come from the point alone ({@link PointSeed}), so shards' outputs are the whole run's, split.
 */
public record Shard(int index, int count) {
    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new UserException("--shard " + index + "/" + count + ": expected K/N with 1 <= K <= N");
        }
    }

    public static Shard parse(String text) {
        if (text == null) return ALL;
        var m = java.util.regex.Pattern.compile("(\\d{1,9})/(\\d{1,9})").matcher(text.strip());
        if (!m.matches()) throw new UserException("--shard " + text + ": expected K/N, e.g. --shard 2/4");
        return new Shard(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    /** The grid with this shard's points only (an empty shard is an error naming the grid's size). */
    public ExperimentGrid of(ExperimentGrid grid) {
        if (count == 1) return grid;
        List<Point> mine = new ArrayList<>();
        for (int i = 0; i < grid.points().size(); i++) {
            if (i % count == index - 1) mine.add(grid.points().get(i));
        }
        if (mine.isEmpty()) {
            throw new UserException("--shard " + index + "/" + count + ": the grid of " + grid.experiment().name() + " has only "
                    + grid.points().size() + " points, none for this shard");
        }
        return new ExperimentGrid(grid.experiment(), grid.axes(), mine);
    }
}
