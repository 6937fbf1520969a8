package org.hcasim.dist.experiment;

import java.util.List;
import org.hcasim.spi.ExperimentDefinition;

/**
 * Experiments contributed to the distribution itself (not through a ULP plugin), found with
 * {@link java.util.ServiceLoader}: e.g. verbs-level experiments of dist, or test experiments.
 */
public interface ExperimentSource {
    List<ExperimentDefinition> experiments();
}
