package org.hcasim.dist.experiment.run;

import java.util.Map;
import java.util.Optional;
import org.hcasim.core.sim.TraceSink;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/**
 * The engine side of {@link org.hcasim.spi.ExperimentContext}: builds a simulation from a testbed spec
 * (with {@code --set} overrides on top and the point's seed), runs the workload, and returns metrics
 * and the run report. One call = one simulation on the calling thread.
 */
public interface WorkloadRunner {

    WorkloadOutcome runFio(TestbedSpec testbed, String fioJob, Map<String, String> overrides, long seed,
                           Optional<TraceSink> trace);

    WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload, Map<String, String> overrides, long seed,
                              Optional<TraceSink> trace);

    /** Used until the testbed builder is wired in: says so in one line instead of pretending to run. */
    WorkloadRunner UNAVAILABLE = new WorkloadRunner() {
        @Override
        public WorkloadOutcome runFio(TestbedSpec t, String job, Map<String, String> o, long s, Optional<TraceSink> tr) {
            throw new org.hcasim.core.config.UserException("testbed " + t.source()
                    + ": running fio jobs from experiments needs the testbed builder, which this build does not have yet");
        }

        @Override
        public WorkloadOutcome runCustom(TestbedSpec t, CustomWorkload w, Map<String, String> o, long s, Optional<TraceSink> tr) {
            throw new org.hcasim.core.config.UserException("testbed " + t.source()
                    + ": running workloads from experiments needs the testbed builder, which this build does not have yet");
        }
    };
}
