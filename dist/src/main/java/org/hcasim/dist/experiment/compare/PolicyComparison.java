package org.hcasim.dist.experiment.compare;

import java.util.Optional;
import org.hcasim.spi.Point;

/**
 * The change of one metric when the policy goes from the baseline to another value, in one context
 * (the point without its policy axis), in the reference and in the simulation.
 *
 * @param unchangedBelowPct changes smaller than this (percent) count as no change
 */
public record PolicyComparison(Point context, String metric, String baseline, String policy,
                               Optional<Double> referenceChangePct, Optional<Double> simulatedChangePct,
                               double unchangedBelowPct) {

    /** A change's direction: up, down, or within the noise band. */
    public enum Direction {
        UP("+"), DOWN("-"), SAME("=");

        public final String symbol;

        Direction(String symbol) {
            this.symbol = symbol;
        }
    }

    public Optional<Direction> referenceDirection() {
        return referenceChangePct.map(this::direction);
    }

    public Optional<Direction> simulatedDirection() {
        return simulatedChangePct.map(this::direction);
    }

    private Direction direction(double changePct) {
        if (Math.abs(changePct) < unchangedBelowPct) {
            return Direction.SAME;
        }
        return changePct > 0 ? Direction.UP : Direction.DOWN;
    }

    /** Whether both sides are known, so the signs can be compared. */
    public boolean comparable() {
        return referenceChangePct.isPresent() && simulatedChangePct.isPresent();
    }

    /** The simulated change has the reference's sign (both within the noise band counts as agreeing). */
    public boolean signAgrees() {
        return comparable() && referenceDirection().get() == simulatedDirection().get();
    }

    /** Relative change from {@code base} to {@code other} in percent, if both exist and base is not zero. */
    static Optional<Double> changePct(Optional<Double> base, Optional<Double> other) {
        if (base.isEmpty() || other.isEmpty() || base.get() == 0.0) {
            return Optional.empty();
        }
        return Optional.of(100.0 * (other.get() - base.get()) / Math.abs(base.get()));
    }
}
