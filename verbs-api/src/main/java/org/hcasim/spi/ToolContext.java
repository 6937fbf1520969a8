package org.hcasim.spi;

import java.io.PrintStream;

/**
 * What hcasim offers a plugin's tool (implemented by the distribution): its output streams and simulated
 * testbeds to run workloads on, as an experiment point gets them ({@link ExperimentContext#runCustom}).
 */
public interface ToolContext {

    PrintStream out();

    PrintStream err();

    /**
     * Builds {@code testbed} and runs {@code workload} on it, on this thread. The command line's
     * {@code --testbed FILE} replaces the spec's properties (its per-point settings stay) and {@code --set} is
     * layered on top; {@code sim.seed} comes from the configuration. A configuration key nobody read is an error.
     */
    WorkloadOutcome runCustom(TestbedSpec testbed, CustomWorkload workload);
}
