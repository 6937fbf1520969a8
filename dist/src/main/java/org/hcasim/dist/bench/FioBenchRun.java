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

/** A fio job on the built-in block testbed, run as experiments run it (fixed seed). */
public record FioBenchRun(String name, String testbedProperties, String fioJob) implements BenchRun {
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
                new TestbedSpec("bench " + name, testbedProperties, Map.of()), fioJob, Map.of(), 1, Optional.empty());
        return new Work(Math.round(o.metric("ios")), o.report().simulatedNs(), built[0].loop().executed());
    }

    /** 4 KiB random reads over NVMe-oF, 4 jobs at queue depth 32 for 10 ms simulated. */
    static FioBenchRun nvmeofRandread4k() {
        return new FioBenchRun("fio nvmeof randread 4k 4x32", "testbed.ulps = nvmeof\n", String.join("\n",
                "[global]", "ioengine=nvmeof", "direct=1", "rw=randread", "bs=4k", "iodepth=32", "runtime=10ms",
                "time_based", "ramp_time=1ms", "group_reporting", "", "[randread]", "numjobs=4", "cpus_allowed=0-3", ""));
    }
}
