package org.hcasim.spi;

import java.util.List;

/**
 * An experiment: a grid of points over named axes, the reference table it reproduces, and how to run
 * one point. {@code hcasim reproduce NAME} runs the grid (in parallel, one simulation per thread),
 * puts each simulated cell beside the reference cell, and checks for every policy comparison that the
 * simulated change has the reference's sign.
 *
 * <p>Contributed by plugins through {@link UlpProvider#experiments()} (or by the distribution).
 * Implementations are immutable and thread-safe: {@link #run} is called concurrently for different points.
 *
 * <p>Example, NVMe-oF inline UMR: axes {@code hca=[connectx5]}, {@code bs=[512,4096,65536]},
 * {@code policy=[sg,inline]}; policy axis {@code policy}; reference {@code inline-umr.csv} with columns
 * {@code axis("hca"), axis("bs"), metric("sg_kiops","kiops","policy","sg"), ...}; {@code run} builds the
 * testbed for the point's HCA, sets the registration policy and runs the fio job with the point's bs.
 */
public interface ExperimentDefinition {

    /** Short kebab-case name, unique across plugins, e.g. {@code inline-umr}. */
    String name();

    /** One sentence: what is compared, on what. */
    String description();

    /** The grid's axes, in the order tables list them. The default grid is their cross product. */
    List<Axis> axes();

    /**
     * The axis whose values are the policies compared (e.g. {@code policy} with sg, inline). Its first
     * value is the baseline; the report checks the sign of the change from it to each other value.
     */
    String policyAxis();

    /**
     * Class-path resource of the reference CSV, loaded with {@code getClass().getResourceAsStream}, e.g.
     * {@code /org/hcasim/ulp/nvmeof/reference/inline-umr.csv}. Lines starting with {@code #} are comments.
     */
    String referenceResource();

    /** The reference CSV's columns, in order; reproduce's CSV output has exactly these. */
    List<ReferenceColumn> columns();

    /** Whether a point of the cross product is part of the grid (e.g. {@code qps * threads <= 128}). */
    default boolean admits(Point point) {
        return true;
    }

    /**
     * Below this relative change (percent of the baseline) a comparison counts as "no change": the
     * run-to-run noise of the reference measurements.
     */
    default double unchangedBelowPct() {
        return 1.0;
    }

    /** Geometric means of a policy's ratio to the baseline over the grid, for the summary (none by default). */
    default List<RatioSummary> ratioSummaries() {
        return List.of();
    }

    /**
     * Runs one point. Deterministic: the same point and context seed give the same result. Throws
     * {@link IllegalArgumentException} for a point it cannot run, with a message naming the axis value.
     */
    PointResult run(Point point, ExperimentContext context);
}
