package org.hcasim.dist.experiment;

import java.util.Optional;
import org.hcasim.spi.Point;

/**
 * One metric of one point: simulated (absent if the point failed or did not report the metric) beside
 * the reference (absent where the table has no measurement).
 *
 * @param header the reference column holding this cell
 */
public record CellComparison(Point point, Point rowKey, String header, String metric,
                             Optional<Double> simulated, Optional<Cell> reference) {

    public Optional<Double> referenceValue() {
        return reference.flatMap(Cell::number);
    }

    /** (simulated - reference) / reference in percent; absent without both values or with a zero reference. */
    public Optional<Double> errorPct() {
        if (simulated.isEmpty() || referenceValue().isEmpty() || referenceValue().get() == 0.0) {
            return Optional.empty();
        }
        double ref = referenceValue().get();
        return Optional.of(100.0 * (simulated.get() - ref) / Math.abs(ref));
    }

    /** A reference value with no simulated value beside it: a miss that reports must show. */
    public boolean missing() {
        return simulated.isEmpty() && reference.isPresent();
    }
}
