package org.hcasim.spi;

import java.util.Objects;

/**
 * How busy one resource of a run was. Utilisation is busy time over (units x simulated time), so a
 * 24-core group that is busy 12 core-seconds in one second is at 0.5.
 *
 * @param name   resource name as the engine registers it, e.g. {@code target/cores}, {@code hca0/umr-engine}
 * @param kind   one of {@link #KINDS}, for grouping in reports
 * @param units  how many can serve at once (cores in a group, engine units, 1 for a lock or a link direction)
 * @param busyNs total busy time summed over units
 * @param utilisation busy fraction in [0, 1]
 */
public record ResourceUsage(String name, String kind, int units, long busyNs, double utilisation) {

    /** The kinds reports group by; any other kind is accepted and listed under its own name. */
    public static final java.util.List<String> KINDS =
            java.util.List.of("cpu", "lock", "hca-engine", "pcie", "link", "firmware");

    public ResourceUsage {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        if (units < 1) {
            throw new IllegalArgumentException(name + ": units must be >= 1, not " + units);
        }
        if (busyNs < 0 || Double.isNaN(utilisation) || utilisation < 0) {
            throw new IllegalArgumentException(name + ": negative busy time or utilisation");
        }
    }

    /** Utilisation from busy time: {@code busyNs / (units * elapsedNs)}, capped at 1. */
    public static ResourceUsage of(String name, String kind, int units, long busyNs, long elapsedNs) {
        double u = elapsedNs <= 0 ? 0 : Math.min(1.0, busyNs / ((double) units * elapsedNs));
        return new ResourceUsage(name, kind, units, busyNs, u);
    }
}
