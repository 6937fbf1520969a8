package org.hcasim.spi;

import java.util.Map;
import java.util.Objects;

/**
 * How one column of a reference CSV maps onto an experiment's points and metrics. A row of the table
 * fixes the axes in its {@link AxisValue} columns; each {@link MetricValue} column then holds one
 * metric of the point made of those axes plus the column's own fixed axes (typically the policy).
 *
 * <p>Example, {@code inline-umr.csv} ({@code hca,bs,sg_kiops,sg_host_cpu_pct,inline_kiops,...}):
 * {@code axis("hca"), axis("bs"), metric("sg_kiops", "kiops", Map.of("policy", "sg")), ...}.
 */
public sealed interface ReferenceColumn {

    /** Header of this column in the CSV. */
    String header();

    /** A column holding the value of an axis. */
    record AxisValue(String header, String axis) implements ReferenceColumn {
        public AxisValue {
            Objects.requireNonNull(header, "header");
            Objects.requireNonNull(axis, "axis");
        }
    }

    /** A column holding {@code metric} of the points where {@code fixedAxes} have the given values. */
    record MetricValue(String header, String metric, Map<String, String> fixedAxes) implements ReferenceColumn {
        public MetricValue {
            Objects.requireNonNull(header, "header");
            Objects.requireNonNull(metric, "metric");
            fixedAxes = Map.copyOf(fixedAxes);
        }
    }

    /** A column named like the axis it holds. */
    static ReferenceColumn axis(String name) {
        return new AxisValue(name, name);
    }

    /** A metric column with no fixed axis (e.g. {@code kiops} in a table whose policy is a row axis). */
    static ReferenceColumn metric(String header, String metric) {
        return new MetricValue(header, metric, Map.of());
    }

    /** A metric column for one value of one axis (e.g. {@code sg_kiops}: metric kiops where policy=sg). */
    static ReferenceColumn metric(String header, String metric, String axis, String value) {
        return new MetricValue(header, metric, Map.of(axis, value));
    }

    /** A metric column for several fixed axes (e.g. {@code read_kiops_mtt}: rw=read, registration=mtt). */
    static ReferenceColumn metric(String header, String metric, Map<String, String> fixedAxes) {
        return new MetricValue(header, metric, fixedAxes);
    }
}
