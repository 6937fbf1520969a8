package org.hcasim.core.host;

/**
 * The rate at which devices DMA-write into a host's memory, as an exponentially weighted moving average over
 * {@value #WINDOW_NS} ns (long against the gaps between DMA writes, short against a run), in bytes per ns
 * (= GB/s).
 */
final class InboundDmaRate {
    static final double WINDOW_NS = 10_000;

    private double bytesPerNs;
    private long at;

    void add(long t, long bytes) {
        decayTo(t);
        bytesPerNs += bytes / WINDOW_NS;
    }

    double bytesPerNs(long t) {
        decayTo(t);
        return bytesPerNs;
    }

    /** Writes booked slightly ahead of the present keep their time; the rate only decays forward. */
    private void decayTo(long t) {
        if (t > at) {
            bytesPerNs *= Math.exp(-(t - at) / WINDOW_NS);
            at = t;
        }
    }
}
