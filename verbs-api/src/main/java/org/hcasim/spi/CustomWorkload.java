package org.hcasim.spi;

import java.util.Map;

/**
 * A workload other than a fio job (e.g. rds-stress, an MR-allocation loop): drives a built testbed
 * and returns its metrics. Called on the simulation's thread; must be deterministic given the testbed.
 */
@FunctionalInterface
public interface CustomWorkload {
    Map<String, Double> run(SimulatedTestbed testbed);

    /**
     * Adds what the workload knows to the run's report after {@link #run} (e.g. {@link RunReport#withBoundBy}: what
     * its time went to when no resource saturates); the default adds nothing.
     */
    default RunReport annotate(RunReport report) {
        return report;
    }
}
