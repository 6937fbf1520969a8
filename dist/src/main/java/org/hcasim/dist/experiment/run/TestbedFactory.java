package org.hcasim.dist.experiment.run;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.hcasim.core.sim.Simulation;
import org.hcasim.fio.FioTestbed;
import org.hcasim.message.MessageEndpoint;
import org.hcasim.spi.RunReport;
import org.hcasim.spi.TestbedSpec;

/**
 * Builds the simulation of a testbed for an experiment point: the spec's properties, its per-point
 * settings, then the {@code --set} overrides on top, seeded with the point's seed. The distribution's
 * {@link BlockTestbedFactory} builds every testbed; extra factories (found with
 * {@link java.util.ServiceLoader}, e.g. in tests) are asked first and take the specs they accept.
 */
public interface TestbedFactory {

    /**
     * A built testbed.
     *
     * @param config          its effective configuration
     * @param fio             the block side for fio jobs, if this testbed has one
     * @param connect         sets up the testbed's ULP connections (runs the simulation until connected), so
     *                        that measuring can start after it
     * @param checkConfigUsed called after the run: fails on keys nobody read (e.g. a misspelt {@code --set})
     * @param annotate        adds what the testbed knows beyond its resources to the run report (policies in
     *                        force, memory committed)
     * @param messageEndpoints a message ULP's endpoint on a host, by (ULP, host name)
     */
    record Built(Simulation simulation, Function<String, Optional<String>> config, Optional<FioTestbed> fio,
                 Runnable connect, Runnable checkConfigUsed, UnaryOperator<RunReport> annotate,
                 BiFunction<String, String, MessageEndpoint> messageEndpoints) {

        public Built(Simulation simulation, Function<String, Optional<String>> config) {
            this(simulation, config, Optional.empty(), () -> { }, () -> { }, UnaryOperator.identity(), (ulp, host) -> {
                throw new UnsupportedOperationException("this testbed has no message endpoints");
            });
        }
    }

    /** Whether this factory builds {@code testbed}. */
    default boolean accepts(TestbedSpec testbed) {
        return true;
    }

    /** @param workloadUlps the ULPs the workload uses (a fio job's ioengines; empty for custom workloads) */
    Built build(TestbedSpec testbed, List<String> workloadUlps, Map<String, String> overrides, long seed);
}
