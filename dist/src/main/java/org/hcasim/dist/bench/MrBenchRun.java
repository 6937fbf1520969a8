package org.hcasim.dist.bench;

import java.util.Map;
import java.util.Optional;
import org.hcasim.dist.experiment.MrBenchWorkload;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/** {@code hcasim mr-bench}'s workload: one thread registering {@code mrs} MRs of 64 pages; the work is the registrations. */
record MrBenchRun(int mrs) implements BenchRun {
    @Override
    public String name() {
        return "mr-bench " + mrs + " MRs x 64 pages";
    }

    @Override
    public String payload() {
        return "real";
    }

    @Override
    public Work execute() {
        CapturingRunner capture = new CapturingRunner();
        MrBenchWorkload bench = new MrBenchWorkload(new MrBenchWorkload.Options(1, mrs, 64, false), MrBenchWorkload.Progress.NONE);
        WorkloadOutcome o = capture.runner().runCustom(new TestbedSpec("bench mr-bench", "", Map.of()), bench, Map.of(), 1, Optional.empty());
        return new Work(mrs, o.report().simulatedNs(), capture.events());
    }
}
