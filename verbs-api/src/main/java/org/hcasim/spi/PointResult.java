package org.hcasim.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one point of an experiment measured: named metrics (the names the experiment's
 * {@link ReferenceColumn.MetricValue} columns use, e.g. {@code kiops}, {@code host_cpu_pct}) and the
 * run report of the simulation behind them. Metrics keep the order of a map that has one (a {@code LinkedHashMap});
 * those of a map without one ({@code Map.of}, {@code HashMap}) are sorted by name, since that order changes from JVM to
 * JVM and outputs (and shards run in different JVMs) must not.
 */
public record PointResult(Map<String, Double> metrics, RunReport report) {
    public PointResult {
        metrics = Collections.unmodifiableSequencedMap(metrics instanceof java.util.SequencedMap<String, Double>
                ? new LinkedHashMap<>(metrics) : new LinkedHashMap<>(new java.util.TreeMap<>(metrics)));
        for (var e : metrics.entrySet()) {
            if (e.getValue() == null || !Double.isFinite(e.getValue())) {
                throw new IllegalArgumentException("metric " + e.getKey() + " is not a finite number: " + e.getValue());
            }
        }
    }

    public static PointResult of(Map<String, Double> metrics, RunReport report) {
        return new PointResult(metrics, report);
    }
}
