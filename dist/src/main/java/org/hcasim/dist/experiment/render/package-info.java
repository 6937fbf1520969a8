/**
 * An {@link org.hcasim.dist.experiment.compare.ExperimentOutcome} as text ({@code ComparisonText}), CSV with the
 * reference's columns ({@code ComparisonCsv}), JSON ({@code ComparisonJson}), HTML ({@code ExperimentHtml}) and
 * plots ({@code ExperimentCharts}); {@link org.hcasim.dist.experiment.render.ReproduceOutputs} writes them to a
 * stream or a directory.
 */
package org.hcasim.dist.experiment.render;
