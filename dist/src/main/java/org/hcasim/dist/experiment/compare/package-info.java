/**
 * Simulated beside measured: {@link org.hcasim.dist.experiment.compare.ReferenceTable} (a reference CSV with its
 * comment lines), {@link org.hcasim.dist.experiment.compare.ReferenceLayout} (which row and column hold a point's
 * metric) and {@link org.hcasim.dist.experiment.compare.ExperimentOutcome}: every cell
 * ({@code CellComparison}), every policy change ({@code PolicyComparison}) and the summary, the one object all
 * renderers draw.
 */
package org.hcasim.dist.experiment.compare;
