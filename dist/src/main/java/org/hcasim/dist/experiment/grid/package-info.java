/**
 * The grid of an experiment and the sweep over it: {@link org.hcasim.dist.experiment.grid.ExperimentGrid} (axes
 * crossed in order, filtered by the experiment), {@link org.hcasim.dist.experiment.grid.Sweep} (points in
 * parallel, results in grid order, a failure kept as a failure), {@link org.hcasim.dist.experiment.grid.PointSeed}
 * (a point's seed from its name and coordinates only) and the progress shown meanwhile.
 */
package org.hcasim.dist.experiment.grid;
