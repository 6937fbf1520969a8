package org.hcasim.spi;

import java.util.Map;

/**
 * What the engine offers a point runner (implemented by the distribution, so experiments stay
 * engine-free): build a testbed, run a workload on it, get metrics and the run report back.
 *
 * <p>A context belongs to one point and one thread; each call builds a fresh simulation seeded with
 * {@link #seed()}, so a point gives the same result whatever else runs in parallel.
 */
public interface ExperimentContext {

    /** Seed of this point, derived from the experiment name and the point: the same on every run. */
    long seed();

    /** Configuration values given with {@code --set}, layered above the testbed and the point's settings. */
    Map<String, String> overrides();

    /** Builds {@code testbed} and runs the fio job ({@code ioengine} names the block ULP). */
    WorkloadOutcome runFio(TestbedSpec testbed, String fioJob);

    /** Builds {@code testbed} and runs a custom workload on it. */
    WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload);
}
