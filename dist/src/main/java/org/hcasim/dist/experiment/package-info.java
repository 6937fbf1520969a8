/**
 * {@code hcasim reproduce}: the experiments hcasim knows ({@link org.hcasim.dist.experiment.ExperimentRegistry},
 * the plugins' and the distribution's own) and the command that runs and compares them
 * ({@link org.hcasim.dist.experiment.ReproduceCommand}). The work is in four packages, each with one job:
 *
 * <ul>
 *   <li>{@code grid}: the points of an experiment ({@code ExperimentGrid}) and the {@code Sweep} that runs them
 *       in parallel, one simulation per thread, each with its own seed ({@code PointSeed});</li>
 *   <li>{@code run}: the glue to the engine: {@code TestbedFactory} builds a point's simulation,
 *       {@code SimulationWorkloadRunner} runs its fio job or custom workload, {@code EngineContext} is what an
 *       experiment sees of it;</li>
 *   <li>{@code compare}: the reference tables ({@code ReferenceTable}, {@code ReferenceLayout}) and the
 *       {@code ExperimentOutcome}: every cell and policy change, simulated beside measured;</li>
 *   <li>{@code render}: the outcome as text, CSV, JSON, HTML and plots ({@code ReproduceOutputs}).</li>
 * </ul>
 */
package org.hcasim.dist.experiment;
