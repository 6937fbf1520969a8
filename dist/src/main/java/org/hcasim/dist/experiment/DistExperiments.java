package org.hcasim.dist.experiment;

import java.util.List;
import org.hcasim.spi.ExperimentDefinition;

/**
 * The distribution's own (verbs-level) experiments. {@code mr-cache} (reference
 * {@code /org/hcasim/dist/reference/mr-cache.csv}) joins here once the MR allocation bench exists.
 */
public final class DistExperiments {
    private DistExperiments() { }

    public static List<ExperimentDefinition> all() {
        return List.of();
    }
}
