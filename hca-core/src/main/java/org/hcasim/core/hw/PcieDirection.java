package org.hcasim.core.hw;

import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * One direction of a PCIe link at TLP granularity. A transfer (a DMA write, a read's requests, a read's
 * completions, an MMIO write) is a run of TLPs from one of the device's DMA streams, each issuing its next TLP when
 * the transmitter has taken the last one; the transmitter takes the streams' TLPs in turn, in the order the streams
 * were issued. So a transfer issued while others are in progress waits for one TLP of each of them per TLP of its
 * own (the TLPs already queued ahead of it), not for their whole messages: a 64-byte read request issued during a
 * 64 KiB write leaves after one of the write's TLPs. PCIe's ordering rules bind what has been issued: one transfer's
 * TLPs stay in order, and nothing passes a TLP queued ahead of it (a read request does not pass the posted writes
 * issued before it); whatever must follow a transfer (a CQE after its data) is issued when that transfer is done.
 *
 * <p>Computed without events. Every transfer books its wire time on a single-unit timeline in issue order, which
 * keeps the direction's busy time and the backlog later transfers find exact; a transfer finishes at the earlier of
 * that in-order finish and its interleaved finish over the transfers in progress when it was issued. The transfers
 * it passed keep the finish they were given: each ends up to the passer's own TLPs early, a bounded error that the
 * in-order booking of the passer's wire time hands on to every later transfer instead.
 */
final class PcieDirection {
    private final Timeline wire;
    private final EventLoop loop;
    private final double bytesPerNs;
    /** Transfers that may still be in progress, unordered: issue time, finish, TLPs, ns per TLP. */
    private long[] issued = new long[16];
    private long[] finishes = new long[16];
    private long[] tlpCounts = new long[16];
    private double[] tlpNs = new double[16];
    private int size;
    /** How far before the present a transfer may arrive (as for every timeline of the simulation). */
    private static final long PAST_SLACK_NS = 1_000;

    PcieDirection(Simulation sim, String name, double bytesPerNs) {
        this.wire = sim.timeline(name, ResourceKind.PCIE, 1);
        this.loop = sim.loop();
        this.bytesPerNs = bytesPerNs;
    }

    /**
     * A transfer of {@code tlps} TLPs and {@code wireBytes} on the link (payload and TLP overheads) issued at
     * {@code t}.
     *
     * @return when its last TLP has left
     */
    long transfer(long t, long tlps, long wireBytes, String label) {
        long own = Math.round(wireBytes / bytesPerNs);
        long inOrder = wire.acquire(t, own, label);
        long ahead = 0;
        long forgotten = loop.now() - PAST_SLACK_NS;
        for (int i = 0; i < size; i++) {
            if (finishes[i] <= forgotten) { // ended before any arrival can be: drop it (order does not matter)
                removeAt(i--);
                continue;
            }
            if (issued[i] <= t && finishes[i] > t) {
                long remaining = Math.min(tlpCounts[i], (long) Math.ceil((finishes[i] - t) / tlpNs[i]));
                ahead += Math.round(Math.min(remaining, tlps) * tlpNs[i]);
            }
        }
        long finish = Math.min(inOrder, t + ahead + own);
        remember(t, finish, tlps, (double) own / tlps);
        return finish;
    }

    private void remember(long t, long finish, long tlps, double perTlp) {
        if (size == issued.length) {
            int n = 2 * size;
            issued = java.util.Arrays.copyOf(issued, n);
            finishes = java.util.Arrays.copyOf(finishes, n);
            tlpCounts = java.util.Arrays.copyOf(tlpCounts, n);
            tlpNs = java.util.Arrays.copyOf(tlpNs, n);
        }
        issued[size] = t;
        finishes[size] = finish;
        tlpCounts[size] = tlps;
        tlpNs[size] = Math.max(perTlp, 1e-9);
        size++;
    }

    private void removeAt(int i) {
        size--;
        issued[i] = issued[size];
        finishes[i] = finishes[size];
        tlpCounts[i] = tlpCounts[size];
        tlpNs[i] = tlpNs[size];
    }

    /** Time on the link of {@code wireBytes}, ns. */
    long serializationNs(long wireBytes) {
        return Math.round(wireBytes / bytesPerNs);
    }

    Timeline timeline() {
        return wire;
    }
}
