package org.hcasim.dist.experiment;

import java.util.List;
import org.hcasim.spi.ExperimentDefinition;

/** The distribution's own (verbs-level) experiments: {@code mr-cache} ({@link MrCacheExperiment}). */
public final class DistExperiments {
    private DistExperiments() { }

    public static List<ExperimentDefinition> all() {
        return List.of(new MrCacheExperiment());
    }
}
