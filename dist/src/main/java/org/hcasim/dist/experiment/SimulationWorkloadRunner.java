package org.hcasim.dist.experiment;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.hcasim.core.config.UserException;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.TraceSink;
import org.hcasim.dist.report.RunReports;
import org.hcasim.host.Host;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.SimulatedTestbed;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/**
 * Runs experiment workloads on simulations built by a {@link TestbedFactory}: attaches the trace sink
 * (if this point is traced), runs the workload, and turns the resource registry into the run report.
 */
public final class SimulationWorkloadRunner implements WorkloadRunner {
    private final TestbedFactory testbeds;

    public SimulationWorkloadRunner(TestbedFactory testbeds) {
        this.testbeds = testbeds;
    }

    /** The runner over the installed testbed factory, or {@link WorkloadRunner#UNAVAILABLE} without one. */
    public static WorkloadRunner installed() {
        List<TestbedFactory> found = ServiceLoader.load(TestbedFactory.class, SimulationWorkloadRunner.class.getClassLoader())
                .stream().map(ServiceLoader.Provider::get).toList();
        if (found.size() > 1) {
            throw new IllegalStateException("more than one testbed factory installed: " + found);
        }
        return found.isEmpty() ? UNAVAILABLE : new SimulationWorkloadRunner(found.get(0));
    }

    @Override
    public WorkloadOutcome runFio(TestbedSpec testbed, String fioJob, Map<String, String> overrides, long seed,
                                  Optional<TraceSink> trace) {
        // The fio engine (org.hcasim.dist.fio) has no programmatic entry returning totals yet.
        throw new UserException("testbed " + testbed.source() + ": fio jobs from experiments are not wired to the fio engine yet");
    }

    @Override
    public WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload, Map<String, String> overrides, long seed,
                                     Optional<TraceSink> trace) {
        TestbedFactory.Built built = testbeds.build(testbed, overrides, seed);
        Simulation sim = built.simulation();
        trace.ifPresent(sim::trace);
        Map<String, Double> metrics = workload.run(new View(built));
        return new WorkloadOutcome(metrics, RunReports.from(sim.resources(), sim.now()));
    }

    /** What a custom workload sees of the built testbed. */
    private record View(TestbedFactory.Built built) implements SimulatedTestbed {
        @Override
        public List<Host> hosts() {
            return built.simulation().hosts();
        }

        @Override
        public Host host(String name) {
            return built.simulation().host(name);
        }

        @Override
        public Optional<String> config(String key) {
            return built.config().apply(key);
        }

        @Override
        public long now() {
            return built.simulation().now();
        }

        @Override
        public void runUntil(long endNs) {
            built.simulation().loop().runUntil(endNs);
        }

        @Override
        public void startMeasuring() {
            built.simulation().resources().resetStats(built.simulation().now());
        }
    }
}
