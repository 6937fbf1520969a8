package org.hcasim.core.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every accounted resource of a simulation, by unique name, in registration order. A run report lists
 * {@link #usage(long)} and names the {@link #bottleneck(long)}: the resource with the highest utilisation.
 */
public final class ResourceRegistry {
    private final Map<String, Resource> byName = new LinkedHashMap<>();
    private long statsSinceNs;
    /** The usage frozen by {@link #stopStats}, or null while the statistics run. */
    private List<ResourceUsage> stopped;
    private long stoppedAtNs;

    /** Registers {@code resource}; a second resource with the same name is an error. */
    public <R extends Resource> R register(R resource) {
        Resource previous = byName.putIfAbsent(resource.name(), resource);
        if (previous != null) {
            throw new IllegalArgumentException("resource name '" + resource.name() + "' is already registered");
        }
        return resource;
    }

    public List<Resource> all() {
        return Collections.unmodifiableList(new ArrayList<>(byName.values()));
    }

    public Optional<Resource> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** Time of the last {@link #resetStats(long)} (0 if never reset). */
    public long statsSinceNs() {
        return statsSinceNs;
    }

    /** Resets the statistics of every resource; the measured interval starts at {@code nowNs}. */
    public void resetStats(long nowNs) {
        statsSinceNs = nowNs;
        stopped = null;
        for (Resource r : byName.values()) {
            r.resetStats();
        }
    }

    /**
     * Ends the measured interval at {@code nowNs} (e.g. when a time-based workload's runtime is over, before the
     * I/Os still in flight drain): later {@link #usage} calls report the interval up to here.
     */
    public void stopStats(long nowNs) {
        stopped = usage(nowNs);
        stoppedAtNs = nowNs;
    }

    /** End of the measured interval: the {@link #stopStats} time, else {@code nowNs}. */
    public long statsUntilNs(long nowNs) {
        return stopped != null ? stoppedAtNs : nowNs;
    }

    /** Utilisation of every resource from {@link #statsSinceNs()} to {@code nowNs} (or the stop), in registration order. */
    public List<ResourceUsage> usage(long nowNs) {
        if (stopped != null) {
            return stopped;
        }
        long interval = nowNs - statsSinceNs;
        List<ResourceUsage> out = new ArrayList<>(byName.size());
        for (Resource r : byName.values()) {
            out.add(ResourceUsage.of(r, interval));
        }
        return out;
    }

    /** The resource with the highest utilisation (first registered wins a tie); empty if none was busy. */
    public Optional<ResourceUsage> bottleneck(long nowNs) {
        ResourceUsage best = null;
        for (ResourceUsage u : usage(nowNs)) {
            if (u.busyNs() > 0 && (best == null || u.utilisation() > best.utilisation())) {
                best = u;
            }
        }
        return Optional.ofNullable(best);
    }
}
