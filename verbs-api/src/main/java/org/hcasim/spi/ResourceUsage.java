package org.hcasim.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * How busy one resource of a run was. Utilisation is busy time over (units x simulated time), so a
 * 24-core group that is busy 12 core-seconds in one second is at 0.5.
 *
 * @param name   resource name as the engine registers it, e.g. {@code target/cores}, {@code hca0/umr-engine}
 * @param kind   one of {@link #KINDS}, for grouping in reports
 * @param units  how many can serve at once (cores in a group, engine units, 1 for a lock or a link direction)
 * @param busyNs total busy time summed over units
 * @param utilisation busy fraction in [0, 1]
 * @param busyByCause busy ns by what the resource was busy with (e.g. {@code registration-list fetch},
 *                    {@code processing}), adding up to {@code busyNs}; empty when the resource does not split its time
 */
public record ResourceUsage(String name, String kind, int units, long busyNs, double utilisation,
                            Map<String, Long> busyByCause) {

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
        busyByCause = Collections.unmodifiableMap(new LinkedHashMap<>(busyByCause));
    }

    /** A usage whose busy time is not split by cause. */
    public ResourceUsage(String name, String kind, int units, long busyNs, double utilisation) {
        this(name, kind, units, busyNs, utilisation, Map.of());
    }

    /** This usage with its busy time split as {@code busyByCause}. */
    public ResourceUsage withCauses(Map<String, Long> busyByCause) {
        return new ResourceUsage(name, kind, units, busyNs, utilisation, busyByCause);
    }

    /**
     * The causes as shares of the busy time, largest first, e.g. {@code registration-list fetch 87%, processing 13%};
     * empty when the busy time is not split.
     */
    public String causeShares() {
        long total = busyByCause.values().stream().mapToLong(Long::longValue).sum();
        if (total <= 0) {
            return "";
        }
        return busyByCause.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(e -> String.format(Locale.ROOT, "%s %.0f%%", e.getKey(), 100.0 * e.getValue() / total))
                .collect(Collectors.joining(", "));
    }

    /** Utilisation from busy time: {@code busyNs / (units * elapsedNs)}, capped at 1. */
    public static ResourceUsage of(String name, String kind, int units, long busyNs, long elapsedNs) {
        double u = elapsedNs <= 0 ? 0 : Math.min(1.0, busyNs / ((double) units * elapsedNs));
        return new ResourceUsage(name, kind, units, busyNs, u);
    }
}
