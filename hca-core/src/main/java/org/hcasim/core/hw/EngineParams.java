package org.hcasim.core.hw;

/**
 * A group of identical HCA processing units (e.g. the send WQE processors).
 *
 * @param units      how many work in parallel
 * @param perOpNs    fixed time per operation (per WQE, per packet)
 * @param perByteNs  additional time per payload byte (0 when the unit streams at line rate)
 */
public record EngineParams(int units, long perOpNs, double perByteNs) {
    public EngineParams {
        if (units < 1 || perOpNs < 0 || perByteNs < 0) {
            throw new IllegalArgumentException("invalid engine parameters: units " + units + ", per-op " + perOpNs
                    + " ns, per-byte " + perByteNs + " ns");
        }
    }

    /** Time one unit spends on an operation carrying {@code bytes} of payload. */
    public long serviceNs(long bytes) {
        return perOpNs + Math.round(perByteNs * bytes);
    }
}
