package org.hcasim.spi;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A summary line an experiment asks for: the geometric mean, over every context of the grid (a point without its
 * policy axis), of {@code metric} under {@code policy} divided by the same metric under the baseline policy (the
 * policy axis's first value). The reference's own value of it, when its source states one, is shown beside it.
 *
 * @param metric    a metric of {@link PointResult} (e.g. {@code iops})
 * @param policy    a value of the policy axis other than the baseline (e.g. {@code dim})
 * @param reference the reference's geometric mean, if it states one
 * @param source    where the reference value comes from (e.g. "the reference's summary of all 60 runs"), or empty
 */
public record RatioSummary(String metric, String policy, OptionalDouble reference, String source) {
    public RatioSummary {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(source, "source");
    }

    /** The geometric mean of {@code metric} under {@code policy} over the baseline, without a reference value. */
    public static RatioSummary geometricMean(String metric, String policy) {
        return new RatioSummary(metric, policy, OptionalDouble.empty(), "");
    }

    /** The same, with the reference's value and where it is stated. */
    public RatioSummary withReference(double value, String stated) {
        return new RatioSummary(metric, policy, OptionalDouble.of(value), stated);
    }
}
