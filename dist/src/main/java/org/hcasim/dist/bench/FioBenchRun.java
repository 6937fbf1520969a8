package org.hcasim.dist.bench;

import java.util.Map;
import java.util.Optional;
import org.hcasim.dist.experiment.SimulationWorkloadRunner;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/** A fio job on the built-in block testbed, run as experiments run it (fixed seed). */
public record FioBenchRun(String name, String testbedProperties, String fioJob) implements BenchRun {
    @Override
    public Work execute() {
        WorkloadOutcome o = SimulationWorkloadRunner.installed().runFio(
                new TestbedSpec("bench " + name, testbedProperties, Map.of()), fioJob, Map.of(), 1, Optional.empty());
        return new Work(Math.round(o.metric("ios")), o.report().simulatedNs());
    }

    /** 4 KiB random reads over NVMe-oF, 4 jobs at queue depth 32 for 10 ms simulated. */
    static FioBenchRun nvmeofRandread4k() {
        return new FioBenchRun("fio nvmeof randread 4k 4x32", "testbed.ulps = nvmeof\n", String.join("\n",
                "[global]", "ioengine=nvmeof", "direct=1", "rw=randread", "bs=4k", "iodepth=32", "runtime=10ms",
                "time_based", "ramp_time=1ms", "group_reporting", "", "[randread]", "numjobs=4", "cpus_allowed=0-3", ""));
    }
}
