package org.hcasim.dist.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A chart of simulated against reference values: categories along the x axis (e.g. block sizes), one
 * colour per group (e.g. policy), simulated drawn solid with filled markers and reference dashed with
 * hollow markers in the same colour, so each pair reads at a glance.
 */
public record ChartSpec(String title, String categoryLabel, String valueLabel, List<String> categories, List<Series> series) {

    public ChartSpec {
        categories = List.copyOf(categories);
        series = List.copyOf(series);
    }

    /** One line: {@code values} by category (missing categories leave a gap). */
    public record Series(String name, String group, boolean reference, Map<String, Double> values) {
        public Series {
            values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
        }
    }
}
