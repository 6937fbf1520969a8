/**
 * The glue between experiments and the engine: a {@link org.hcasim.dist.experiment.run.TestbedFactory} builds the
 * simulation of a point (the distribution's {@code BlockTestbedFactory}, or extra factories found with
 * {@link java.util.ServiceLoader}), the {@link org.hcasim.dist.experiment.run.SimulationWorkloadRunner} runs a fio
 * job or a custom workload on it and makes the run report, {@code EngineContext} is the
 * {@link org.hcasim.spi.ExperimentContext} a point gets, {@code FioMetrics} the metrics of a fio run.
 */
package org.hcasim.dist.experiment.run;
