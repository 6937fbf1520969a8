package org.hcasim.spi;

import java.util.Map;

/**
 * A workload other than a fio job (e.g. rds-stress, an MR-allocation loop): drives a built testbed
 * and returns its metrics. Called on the simulation's thread; must be deterministic given the testbed.
 */
@FunctionalInterface
public interface CustomWorkload {
    Map<String, Double> run(SimulatedTestbed testbed);
}
