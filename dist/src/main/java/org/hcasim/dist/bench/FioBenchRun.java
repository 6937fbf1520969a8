package org.hcasim.dist.bench;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hcasim.core.sim.Simulation;
import org.hcasim.dist.experiment.run.BlockTestbedFactory;
import org.hcasim.dist.experiment.run.SimulationWorkloadRunner;
import org.hcasim.dist.experiment.run.TestbedFactory;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/** A fio job on a block testbed, run as experiments run it (fixed seed); {@code payload} is the testbed's sim.payload. */
public record FioBenchRun(String name, String payload, TestbedSpec testbed, String fioJob) implements BenchRun {
    @Override
    public Work execute() {
        Simulation[] built = new Simulation[1];
        BlockTestbedFactory blocks = new BlockTestbedFactory();
        TestbedFactory remembering = (spec, ulps, overrides, seed) -> {
            TestbedFactory.Built b = blocks.build(spec, ulps, overrides, seed);
            built[0] = b.simulation();
            return b;
        };
        WorkloadOutcome o = new SimulationWorkloadRunner(List.of(remembering)).runFio(
                testbed, fioJob, Map.of(), 1, Optional.empty());
        return new Work(Math.round(o.metric("ios")), o.report().simulatedNs(), built[0].loop().executed());
    }
}
