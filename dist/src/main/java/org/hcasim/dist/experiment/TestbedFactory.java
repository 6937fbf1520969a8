package org.hcasim.dist.experiment;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.hcasim.core.sim.Simulation;
import org.hcasim.spi.TestbedSpec;

/**
 * Builds the simulation of a testbed for an experiment point: the spec's properties, its per-point
 * settings, then the {@code --set} overrides on top, seeded with the point's seed. Found with
 * {@link java.util.ServiceLoader} (the testbed builder registers one in dist's
 * {@code META-INF/services/org.hcasim.dist.experiment.TestbedFactory}); without one, experiments that
 * simulate report that they cannot run.
 */
public interface TestbedFactory {

    /** A built testbed: its simulation (hosts added) and its effective configuration. */
    record Built(Simulation simulation, Function<String, Optional<String>> config) { }

    Built build(TestbedSpec testbed, Map<String, String> overrides, long seed);
}
