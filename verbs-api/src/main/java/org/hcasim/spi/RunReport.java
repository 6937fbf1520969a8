package org.hcasim.spi;

import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the time of one run went: every resource's utilisation over the measured interval. The
 * bottleneck is the busiest resource when it is (nearly) saturated; when none is, the run is bound by
 * latency or concurrency (queue depth), and the report says so instead of naming a resource.
 *
 * @param simulatedNs length of the measured interval in simulated ns
 * @param resources   every resource's usage, in registration order
 * @param policies    the policies in force: the configuration key that selected each, to the policy's name
 * @param memoryBytes memory the run committed that no resource line shows, by what holds it (e.g.
 *                    {@code receive buffers}), in bytes at the end of the run
 * @param tables      counters components kept (e.g. an MR cache's entries), in the order they were added
 * @param boundBy     what the workload measured its time went to and what bounds it (e.g. {@code registrations take
 *                    15.0 us each (CPU 38%, ...): bound by the UMR round trip and wake-up}): a closed-loop workload
 *                    can tell whether it waits on a saturated resource or only shares it with background work;
 *                    empty when it did not say
 */
public record RunReport(long simulatedNs, List<ResourceUsage> resources, Map<String, String> policies,
                        Map<String, Long> memoryBytes, List<CounterTable> tables, String boundBy) {

    /**
     * A resource at or above this utilisation is saturated: queueing at a FIFO resource grows without
     * bound as utilisation nears 1, so above 0.9 it, not latency, sets the throughput.
     */
    public static final double SATURATED = 0.90;

    public RunReport {
        resources = List.copyOf(resources);
        policies = Collections.unmodifiableMap(new LinkedHashMap<>(policies));
        memoryBytes = Collections.unmodifiableMap(new LinkedHashMap<>(memoryBytes));
        tables = List.copyOf(tables);
        java.util.Objects.requireNonNull(boundBy, "boundBy");
    }

    /** A report without counter tables or a workload's own account. */
    public RunReport(long simulatedNs, List<ResourceUsage> resources, Map<String, String> policies,
                     Map<String, Long> memoryBytes) {
        this(simulatedNs, resources, policies, memoryBytes, List.of(), "");
    }

    /** A report of resources only. */
    public RunReport(long simulatedNs, List<ResourceUsage> resources) {
        this(simulatedNs, resources, Map.of(), Map.of());
    }

    /** This report naming the policies in force (key to policy name), added to those it names already. */
    public RunReport withPolicies(Map<String, String> inForce) {
        Map<String, String> p = new LinkedHashMap<>(policies);
        p.putAll(inForce);
        return new RunReport(simulatedNs, resources, p, memoryBytes, tables, boundBy);
    }

    /** This report with one more memory figure. */
    public RunReport withMemory(String what, long bytes) {
        Map<String, Long> m = new LinkedHashMap<>(memoryBytes);
        m.put(what, bytes);
        return new RunReport(simulatedNs, resources, policies, m, tables, boundBy);
    }

    /** This report with one more counter table. */
    public RunReport withTable(CounterTable table) {
        List<CounterTable> t = new java.util.ArrayList<>(tables);
        t.add(table);
        return new RunReport(simulatedNs, resources, policies, memoryBytes, t, boundBy);
    }

    /** This report with the workload's account of what its time went to (see {@link #boundBy()}). */
    public RunReport withBoundBy(String account) {
        return new RunReport(simulatedNs, resources, policies, memoryBytes, tables, account);
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
     * One line naming the bottleneck, or saying that nothing is saturated and what came closest, followed by the
     * workload's own account when it gave one ({@link #boundBy()}). When that
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
                        + (boundBy.isEmpty() ? "" : "; " + boundBy)
                : "no saturated resource (busiest: " + top.name() + " at " + pct + causes
                        + "): " + (boundBy.isEmpty() ? "bound by latency or queue depth" : boundBy);
    }
}
