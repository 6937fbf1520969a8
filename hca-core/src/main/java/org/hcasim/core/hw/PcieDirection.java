package org.hcasim.core.hw;

import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * One direction of a PCIe link at TLP granularity. A transfer (a DMA write, a read's requests, a read's
 * completions, an MMIO write) is a run of TLPs. The device's posted writes (data, CQEs, EQEs, MSI-X messages) leave
 * through one queue in issue order: without relaxed ordering PCIe keeps posted writes in order, and that order is
 * what makes a CQE visible only after the data it completes. Every other transfer (a read's requests; on the host's
 * side each read's completions and each MMIO write) is a stream of its own, issued by the engine that needs it, and
 * the transmitter takes the streams' TLPs in turn, the posted queue counting as one stream, in the order the
 * streams were issued. So a read issued while others are in progress waits for one TLP of each of them per TLP of
 * its own, the TLPs queued ahead of it, not for whole messages: a 64-byte read request issued while a 64 KiB message
 * is being written leaves after one of the write's TLPs. PCIe's ordering rules bind what has been issued: a read
 * request does not pass the write TLP already queued ahead of it; whatever must follow a transfer is issued when
 * that transfer is done.
 *
 * <p>Computed without events. Every transfer books its wire time on a single-unit timeline in issue order, which keeps
 * the direction's busy time and the backlog later transfers find exact (the bookings are disjoint: what a transfer
 * has left to send at {@code t} is its booking after {@code t}); a posted write finishes where that booking ends. A
 * stream finishes at the earlier of its booking's end and its interleaved finish: the TLPs of each stream still
 * booked when it is issued that go before its own, one per TLP of its own, plus its own. The transfers it passed
 * keep the finish they were given: each ends up to the passer's TLPs early, and the passer's wire time, booked after
 * them, is what later transfers wait for (a short stream that passed counts as still queued until its booking
 * ends: on a saturated link, a read waits for a little more than the TLPs really queued ahead of it, never less).
 */
final class PcieDirection {
    private final Timeline wire;
    private final EventLoop loop;
    private final double bytesPerNs;
    /** Transfers that may still be in progress, unordered: issue, booking end, TLPs, ns per TLP, posted or not. */
    private long[] issued = new long[16];
    private long[] bookedEnd = new long[16];
    private long[] tlpCounts = new long[16];
    private double[] tlpNs = new double[16];
    private boolean[] posted = new boolean[16];
    private int size;
    /** How far before the present a transfer may arrive (as for every timeline of the simulation). */
    private static final long PAST_SLACK_NS = 1_000;

    PcieDirection(Simulation sim, String name, double bytesPerNs) {
        this.wire = sim.timeline(name, ResourceKind.PCIE, 1);
        this.loop = sim.loop();
        this.bytesPerNs = bytesPerNs;
    }

    /**
     * A posted write of {@code tlps} TLPs and {@code wireBytes} on the link (payload and TLP overheads) issued at
     * {@code t}, in order behind everything issued before it.
     *
     * @return when its last TLP has left
     */
    long postedWrite(long t, long tlps, long wireBytes, String label) {
        long own = serializationNs(wireBytes);
        long inOrder = wire.acquire(t, own, label);
        forgetEnded();
        remember(t, inOrder, tlps, Math.max((double) own / tlps, MIN_TLP_NS), true);
        return inOrder;
    }

    /**
     * A stream of {@code tlps} TLPs and {@code wireBytes} on the link issued at {@code t}, interleaved with the
     * streams in progress.
     *
     * @return when its last TLP has left
     */
    long transfer(long t, long tlps, long wireBytes, String label) {
        long own = serializationNs(wireBytes);
        long inOrder = wire.acquire(t, own, label);
        forgetEnded();
        double ahead = 0;
        long postedLeft = 0;
        double postedNs = 0;
        for (int i = 0; i < size; i++) {
            if (issued[i] <= t && bookedEnd[i] > t) { // in progress: one of its TLPs before each of ours
                long left = Math.min(tlpCounts[i], (long) Math.ceil((bookedEnd[i] - t) / tlpNs[i]));
                if (posted[i]) {
                    postedLeft += left;
                    postedNs += left * tlpNs[i];
                } else {
                    ahead += Math.min(left, tlps) * tlpNs[i];
                }
            }
        }
        if (postedLeft > 0) { // the posted queue is one stream: its next TLPs, at their mean length
            ahead += Math.min(postedLeft, tlps) * (postedNs / postedLeft);
        }
        long finish = Math.min(inOrder, t + Math.round(ahead) + own);
        remember(t, inOrder, tlps, Math.max((double) own / tlps, MIN_TLP_NS), false);
        return finish;
    }

    /** Drops the transfers whose booking ended before any arrival can be (the order does not matter). */
    private void forgetEnded() {
        long forgotten = loop.now() - PAST_SLACK_NS;
        for (int i = 0; i < size; i++) {
            if (bookedEnd[i] <= forgotten) {
                removeAt(i--);
            }
        }
    }

    private static final double MIN_TLP_NS = 1e-3;

    private void remember(long t, long booked, long tlps, double perTlp, boolean isPosted) {
        if (size == issued.length) {
            int n = 2 * size;
            issued = java.util.Arrays.copyOf(issued, n);
            bookedEnd = java.util.Arrays.copyOf(bookedEnd, n);
            tlpCounts = java.util.Arrays.copyOf(tlpCounts, n);
            tlpNs = java.util.Arrays.copyOf(tlpNs, n);
            posted = java.util.Arrays.copyOf(posted, n);
        }
        issued[size] = t;
        bookedEnd[size] = booked;
        tlpCounts[size] = tlps;
        tlpNs[size] = perTlp;
        posted[size] = isPosted;
        size++;
    }

    private void removeAt(int i) {
        size--;
        issued[i] = issued[size];
        bookedEnd[i] = bookedEnd[size];
        tlpCounts[i] = tlpCounts[size];
        tlpNs[i] = tlpNs[size];
        posted[i] = posted[size];
    }

    /** Time on the link of {@code wireBytes}, ns. */
    long serializationNs(long wireBytes) {
        return Math.round(wireBytes / bytesPerNs);
    }

    Timeline timeline() {
        return wire;
    }
}
