package org.hcasim.spi;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Where the time of one run went: every resource's utilisation over the measured interval. The
 * bottleneck is the busiest resource when it is (nearly) saturated; when none is, the run is bound by
 * latency or concurrency (queue depth), and the report says so instead of naming a resource.
 *
 * @param simulatedNs length of the measured interval in simulated ns
 * @param resources   every resource's usage, in registration order
 */
public record RunReport(long simulatedNs, List<ResourceUsage> resources) {

    /**
     * A resource at or above this utilisation is saturated: queueing at a FIFO resource grows without
     * bound as utilisation nears 1, so above 0.9 it, not latency, sets the throughput.
     */
    public static final double SATURATED = 0.90;

    public RunReport {
        resources = List.copyOf(resources);
    }

    /** A report with no resources, for point runners that compute a closed form instead of simulating. */
    public static RunReport none() {
        return new RunReport(0, List.of());
    }

    /** The busiest resource (ties: the first registered), if any. */
    public Optional<ResourceUsage> busiest() {
        return resources.stream().max(Comparator.comparingDouble(ResourceUsage::utilisation)
                .thenComparing(r -> -resources.indexOf(r)));
    }

    /** The saturated busiest resource, if one is saturated. */
    public Optional<ResourceUsage> bottleneck() {
        return busiest().filter(r -> r.utilisation() >= SATURATED);
    }

    /**
     * One line naming the bottleneck, or saying that nothing is saturated and what came closest. When that
     * resource's busy time is split by cause, the line says what it was busy with, e.g.
     * {@code bottleneck: hca/umr-engine (hca-engine, 99.5% busy: registration-list fetch 87%, processing 13%)}.
     */
    public String bottleneckSentence() {
        if (resources.isEmpty()) {
            return "no resources recorded";
        }
        ResourceUsage top = busiest().orElseThrow();
        String pct = String.format(java.util.Locale.ROOT, "%.1f%%", 100 * top.utilisation());
        String causes = top.causeShares().isEmpty() ? "" : ": " + top.causeShares();
        return bottleneck().isPresent()
                ? "bottleneck: " + top.name() + " (" + top.kind() + ", " + pct + " busy" + causes + ")"
                : "no saturated resource (busiest: " + top.name() + " at " + pct + causes
                        + "): bound by latency or queue depth";
    }
}
