package org.hcasim.dist.experiment.compare;

import java.util.Optional;
import org.hcasim.dist.report.Numbers;
import org.hcasim.spi.Point;

/**
 * One metric of one point: simulated (absent if the point failed or did not report the metric) beside
 * the reference (absent where the table has no measurement).
 *
 * @param header the reference column holding this cell (for a policy value the reference has no column for, its
 *               name with that value swapped in, see {@link ExperimentOutcome})
 */
public record CellComparison(Point point, Point rowKey, String header, String metric,
                             Optional<Double> simulated, Optional<Cell> reference) {

    public Optional<Double> referenceValue() {
        return reference.flatMap(Cell::number);
    }

    /**
     * The unit rule: a metric whose name ends in {@code _pct} (e.g. {@code host_cpu_pct}, {@code cpu_pct})
     * is itself a percentage, so its error is judged in percentage points, not relative to the reference.
     */
    public static boolean isPercentage(String metric) {
        return metric.endsWith("_pct");
    }

    public boolean percentage() {
        return isPercentage(metric);
    }

    /**
     * (simulated - reference) / reference in percent, for metrics that are not percentages; absent for
     * percentage metrics (see {@link #errorPoints()}), without both values, or with a zero reference.
     */
    public Optional<Double> errorPct() {
        if (percentage() || simulated.isEmpty() || referenceValue().isEmpty() || referenceValue().get() == 0.0) {
            return Optional.empty();
        }
        double ref = referenceValue().get();
        return Optional.of(100.0 * (simulated.get() - ref) / Math.abs(ref));
    }

    /** simulated - reference in percentage points, for percentage metrics only; absent without both values. */
    public Optional<Double> errorPoints() {
        if (!percentage() || simulated.isEmpty() || referenceValue().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(simulated.get() - referenceValue().get());
    }

    /** The error as printed: "+7.8 pt" for percentage metrics, "+12.7%" for the others, "" when absent. */
    public String errorText() {
        return percentage() ? errorPoints().map(Numbers::signedPoints).orElse("")
                : errorPct().map(Numbers::signedPct).orElse("");
    }

    /** A reference value with no simulated value beside it: a miss that reports must show. */
    public boolean missing() {
        return simulated.isEmpty() && reference.isPresent();
    }
}
