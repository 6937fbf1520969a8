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
 * <p>Computed without events. Every transfer books its wire time on a single-unit timeline in issue order, which keeps
 * the direction's busy time and the backlog later transfers find exact (the bookings are disjoint: what a transfer
 * has left to send at {@code t} is its booking after {@code t}). A transfer finishes at the earlier of that booking's
 * end and its interleaved finish: the TLPs of each transfer still booked when it is issued that go before its own,
 * one per TLP of its own, plus its own. The transfers it passed keep the finish they were given: each ends up to the
 * passer's TLPs early, and the passer's wire time, booked after them, is what later transfers wait for (one TLP of
 * a short transfer that passed counts as still queued until its booking ends: on a saturated link, a transfer
 * waits for a little more than the TLPs really queued ahead of it, never for less).
 */
final class PcieDirection {
    private final Timeline wire;
    private final EventLoop loop;
    private final double bytesPerNs;
    /** Transfers that may still be in progress, unordered: issue, booking end, TLPs, ns per TLP. */
    private long[] issued = new long[16];
    private long[] bookedEnd = new long[16];
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
        long own = serializationNs(wireBytes);
        long inOrder = wire.acquire(t, own, label);
        long forgotten = loop.now() - PAST_SLACK_NS;
        double ahead = 0;
        for (int i = 0; i < size; i++) {
            if (bookedEnd[i] <= forgotten) { // no arrival can meet it: drop it (the order does not matter)
                removeAt(i--);
            } else if (issued[i] <= t && bookedEnd[i] > t) { // in progress: one of its TLPs before each of ours
                long left = Math.min(tlpCounts[i], (long) Math.ceil((bookedEnd[i] - t) / tlpNs[i]));
                ahead += Math.min(left, tlps) * tlpNs[i];
            }
        }
        long finish = Math.min(inOrder, t + Math.round(ahead) + own);
        remember(t, inOrder, tlps, Math.max((double) own / tlps, MIN_TLP_NS));
        return finish;
    }

    private static final double MIN_TLP_NS = 1e-3;

    private void remember(long t, long booked, long tlps, double perTlp) {
        if (size == issued.length) {
            int n = 2 * size;
            issued = java.util.Arrays.copyOf(issued, n);
            bookedEnd = java.util.Arrays.copyOf(bookedEnd, n);
            tlpCounts = java.util.Arrays.copyOf(tlpCounts, n);
            tlpNs = java.util.Arrays.copyOf(tlpNs, n);
        }
        issued[size] = t;
        bookedEnd[size] = booked;
        tlpCounts[size] = tlps;
        tlpNs[size] = perTlp;
        size++;
    }

    private void removeAt(int i) {
        size--;
        issued[i] = issued[size];
        bookedEnd[i] = bookedEnd[size];
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
