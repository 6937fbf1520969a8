package org.hcasim.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a workload run through an {@link ExperimentContext} produced: its metrics and the run report.
 *
 * <p>For a fio job the metrics are (sums over jobs, fio's units): {@code iops}, {@code read_iops},
 * {@code write_iops}, {@code kiops} (= iops / 1000), {@code bw_bytes} (bytes/s), {@code ios} (I/Os
 * completed), {@code clat_mean_ns}, and {@code cpu_pct.<host>}: busy share of all cores of that host, in
 * percent, as {@code mpstat} would show it, from the end of the ULP's connection setup to the end of
 * the jobs (fio's ramp included). The run report covers the same interval.
 */
public record WorkloadOutcome(Map<String, Double> metrics, RunReport report) {
    public WorkloadOutcome {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    /** One metric; a missing name is an error listing the available ones (a bug in the experiment). */
    public double metric(String name) {
        Double v = metrics.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no metric '" + name + "'; available: " + metrics.keySet());
        }
        return v;
    }
}
