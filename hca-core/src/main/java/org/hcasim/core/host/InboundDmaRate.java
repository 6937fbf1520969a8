package org.hcasim.core.host;

/**
 * The rate at which devices DMA-write into a host's memory, as an exponentially weighted moving average over
 * {@value #WINDOW_NS} ns, in bytes per ns (= GB/s). The window is about the time inbound DMA takes to turn
 * over the few MB of LLC that DDIO writes into (0.1-0.5 ms at ~10 GB/s): what hurts the cores is the traffic
 * of that period, not the burst of one large transfer just before a completion is handled.
 */
final class InboundDmaRate {
    static final double WINDOW_NS = 100_000;

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
