package org.hcasim.dist.experiment.sweep;

import java.util.List;
import org.hcasim.spi.ExperimentDefinition;
import org.hcasim.spi.ReferenceColumn;

/**
 * What every sweep shares as an experiment, whether it runs ({@link SweepDefinition}) or was merged from its shards'
 * records ({@link RecordedSweep}): no reference to compare with, and its last axis as the plots' series.
 */
interface SweepGrid extends ExperimentDefinition {

    /** The last axis: the series of the plots (a sweep has no baseline to compare with). */
    @Override
    default String policyAxis() {
        return axes().get(axes().size() - 1).name();
    }

    @Override
    default String referenceResource() {
        return "";
    }

    @Override
    default List<ReferenceColumn> columns() {
        return List.of();
    }
}
