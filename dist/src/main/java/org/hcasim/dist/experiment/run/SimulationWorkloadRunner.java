package org.hcasim.dist.experiment.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.hcasim.core.config.UserException;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.TraceSink;
import org.hcasim.fio.FioResults;
import org.hcasim.fio.FioRun;
import org.hcasim.fio.JobFileParser;
import org.hcasim.dist.report.RunReports;
import org.hcasim.host.Host;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.spi.CustomWorkload;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.SimulatedTestbed;
import org.hcasim.spi.TestbedSpec;
import org.hcasim.spi.WorkloadOutcome;

/**
 * Runs experiment workloads on simulations built by {@link TestbedFactory}s: attaches the trace sink (if
 * this point is traced), runs the fio job or custom workload, checks that every configuration key was
 * read, and turns the resource registry into the run report.
 */
public final class SimulationWorkloadRunner implements WorkloadRunner {
    private final List<TestbedFactory> factories;

    /** {@code factories} are asked in order; the first that accepts a spec builds it. */
    public SimulationWorkloadRunner(List<TestbedFactory> factories) {
        this.factories = List.copyOf(factories);
    }

    /** Extra factories from the class path first, then the distribution's block testbeds. */
    public static WorkloadRunner installed() {
        List<TestbedFactory> all = new ArrayList<>();
        ServiceLoader.load(TestbedFactory.class, SimulationWorkloadRunner.class.getClassLoader()).forEach(all::add);
        all.add(new BlockTestbedFactory());
        return new SimulationWorkloadRunner(all);
    }

    private TestbedFactory.Built build(TestbedSpec testbed, List<String> workloadUlps, Map<String, String> overrides, long seed) {
        TestbedFactory factory = factories.stream().filter(f -> f.accepts(testbed)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no testbed factory accepts " + testbed.source()));
        return factory.build(testbed, workloadUlps, overrides, seed);
    }

    @Override
    public WorkloadOutcome runFio(TestbedSpec testbed, String fioJob, Map<String, String> overrides, long seed,
                                  Optional<TraceSink> trace) {
        JobFileParser.JobSet jobs = JobFileParser.parse(List.of(new JobFileParser.JobFileText(testbed.source() + " fio job", fioJob)));
        TestbedFactory.Built built = build(testbed, jobs.ioengines(), overrides, seed);
        var fio = built.fio().orElseThrow(() -> new UserException("testbed " + testbed.source() + " has no block devices for fio"));
        // Connect first, then measure: the run report covers the I/O, not the ULP's login and queue setup.
        built.connect().run();
        Simulation sim = built.simulation();
        sim.resources().resetStats(sim.now());
        trace.ifPresent(sim::trace); // the bounded trace is spent on the I/O, not the connection setup
        List<String> errors = new ArrayList<>();
        FioResults results = new FioRun(fio, errors::add).run(jobs);
        built.checkConfigUsed().run();
        if (results.anyError()) {
            throw new UserException("fio job on " + testbed.source() + " ended with errors: "
                    + (errors.isEmpty() ? "see the job's error code" : errors.get(0)));
        }
        RunReport report = built.annotate().apply(RunReports.from(sim.resources(), sim.now()));
        return new WorkloadOutcome(FioMetrics.of(results, report), report);
    }

    @Override
    public WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload, Map<String, String> overrides, long seed,
                                     Optional<TraceSink> trace) {
        TestbedFactory.Built built = build(testbed, List.of(), overrides, seed);
        trace.ifPresent(built.simulation()::trace);
        Map<String, Double> metrics = workload.run(new View(built));
        built.checkConfigUsed().run();
        Simulation sim = built.simulation();
        return new WorkloadOutcome(metrics, workload.annotate(built.annotate().apply(RunReports.from(sim.resources(), sim.now()))));
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
        public void runUntil(java.util.function.BooleanSupplier done) {
            built.simulation().loop().runUntil(done);
        }

        @Override
        public void startMeasuring() {
            built.simulation().resources().resetStats(built.simulation().now());
        }

        @Override
        public void workloadStarts() {
            org.hcasim.core.fault.Faults.of(built.simulation()).workloadStarts(built.simulation().now());
        }

        @Override
        public MessageEndpoint messageEndpoint(String ulp, String host) {
            return built.messageEndpoints().apply(ulp, host);
        }
    }
}
