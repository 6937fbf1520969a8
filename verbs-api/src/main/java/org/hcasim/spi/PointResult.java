package org.hcasim.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one point of an experiment measured: named metrics (the names the experiment's
 * {@link ReferenceColumn.MetricValue} columns use, e.g. {@code kiops}, {@code host_cpu_pct}) and the
 * run report of the simulation behind them.
 */
public record PointResult(Map<String, Double> metrics, RunReport report) {
    public PointResult {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
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
