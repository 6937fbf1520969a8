package org.hcasim.dist.experiment.grid;

import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.Point;

/** Makes the engine-backed context of one point (called on the thread that runs the point). */
@FunctionalInterface
public interface ContextFactory {
    ExperimentContext create(Point point, long seed);
}
