package org.hcasim.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.ExperimentContext;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/**
 * An {@link ExperimentContext} for testing an experiment's {@code run} without the engine: it records the testbeds a
 * point asks for and answers every fio run with the same metrics. A custom workload is refused (the experiments it
 * serves run fio).
 */
public final class RecordingExperimentContext implements ExperimentContext {
    private final Map<String, Double> metrics;
    private final List<TestbedSpec> testbeds = new ArrayList<>();

    /** Answers each {@code runFio} with {@code metrics} and no run report. */
    public RecordingExperimentContext(Map<String, Double> metrics) {
        this.metrics = Map.copyOf(metrics);
    }

    /** The testbeds of the fio runs so far, in order. */
    public List<TestbedSpec> testbeds() {
        return List.copyOf(testbeds);
    }

    @Override
    public long seed() {
        return 1;
    }

    @Override
    public Map<String, String> overrides() {
        return Map.of();
    }

    @Override
    public WorkloadOutcome runFio(TestbedSpec testbed, String fioJob) {
        testbeds.add(testbed);
        return new WorkloadOutcome(metrics, RunReport.none());
    }

    @Override
    public WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload) {
        throw new AssertionError("this experiment was expected to run fio, not a custom workload");
    }
}
