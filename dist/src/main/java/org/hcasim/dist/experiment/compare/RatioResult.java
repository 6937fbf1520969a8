package org.hcasim.dist.experiment.compare;

import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.hcasim.spi.Point;
import org.hcasim.spi.RatioSummary;

/**
 * A ratio summary an experiment declared, computed: the geometric mean over the contexts where both the baseline
 * and the policy ran of simulated(metric, policy) / simulated(metric, baseline), beside the reference's own value.
 *
 * @param contexts contexts that had both values
 */
public record RatioResult(RatioSummary declared, String baseline, int contexts, OptionalDouble simulated) {

    /** Computes {@code declared} over the cells of a finished sweep. */
    static RatioResult of(RatioSummary declared, String policyAxis, String baseline, List<CellComparison> cells) {
        Map<Point, Double> base = new java.util.LinkedHashMap<>();
        Map<Point, Double> other = new java.util.LinkedHashMap<>();
        for (CellComparison c : cells) {
            if (!c.metric().equals(declared.metric()) || c.simulated().isEmpty()) {
                continue;
            }
            String policy = c.point().get(policyAxis);
            if (policy.equals(baseline)) {
                base.put(c.point().without(policyAxis), c.simulated().get());
            } else if (policy.equals(declared.policy())) {
                other.put(c.point().without(policyAxis), c.simulated().get());
            }
        }
        int n = 0;
        double logSum = 0;
        for (var e : base.entrySet()) {
            Double o = other.get(e.getKey());
            if (o != null && e.getValue() > 0 && o > 0) {
                n++;
                logSum += Math.log(o / e.getValue());
            }
        }
        return new RatioResult(declared, baseline, n, n == 0 ? OptionalDouble.empty() : OptionalDouble.of(Math.exp(logSum / n)));
    }

    /** The summary line: {@code geometric mean of iops dim/fixed over 60 contexts: 1.032 (reference 1.03, ...)}. */
    public String text() {
        StringBuilder b = new StringBuilder("geometric mean of ").append(declared.metric()).append(' ')
                .append(declared.policy()).append('/').append(baseline).append(" over ").append(contexts)
                .append(contexts == 1 ? " context: " : " contexts: ")
                .append(simulated.isPresent() ? String.format(java.util.Locale.ROOT, "%.3f", simulated.getAsDouble()) : "-");
        declared.reference().ifPresent(r -> b.append(" (reference ").append(String.format(java.util.Locale.ROOT, "%.3f", r))
                .append(declared.source().isEmpty() ? "" : ", " + declared.source()).append(')'));
        return b.toString();
    }
}
