package org.hcasim.dist.experiment;

import java.util.List;
import org.hcasim.spi.ExperimentDefinition;

/** Makes the test experiments visible to {@code hcasim reproduce} in dist's tests. */
public final class ToyExperimentSource implements ExperimentSource {
    @Override
    public List<ExperimentDefinition> experiments() {
        return List.of(new ToyQueueExperiment(), new ToyBatchExperiment(), new FioProbeExperiment(), new ToyCrashExperiment());
    }
}
