package org.hcasim.dist.experiment.run;

import java.util.Map;
import java.util.Optional;
import org.hcasim.core.sim.TraceSink;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/** The {@link ExperimentContext} of one point: its seed, the {@code --set} overrides, and maybe a trace sink. */
public record EngineContext(long seed, Map<String, String> overrides, WorkloadRunner runner, Optional<TraceSink> trace)
        implements ExperimentContext {

    public EngineContext {
        overrides = Map.copyOf(overrides);
    }

    @Override
    public WorkloadOutcome runFio(TestbedSpec testbed, String fioJob) {
        return runner.runFio(testbed, fioJob, overrides, seed, trace);
    }

    @Override
    public WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload) {
        return runner.runCustom(testbed, workload, overrides, seed, trace);
    }
}
