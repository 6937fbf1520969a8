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
    /** Transfers that may still be in progress. */
    private final TransfersInProgress inProgress = new TransfersInProgress();

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
        long now = loop.now();
        long forgotten = now - Timeline.PAST_SLACK_NS; // what no arrival can meet any more is forgotten first
        long finish;
        if (inOrder <= t + own) {
            // booked from its issue on: it finishes with its booking, whatever the TLPs ahead take (at least 0 ns)
            inProgress.forget(forgotten);
            finish = inOrder;
        } else { // one TLP of each transfer in progress before each of ours
            finish = Math.min(inOrder, t + inProgress.aheadNs(t, tlps, forgotten) + own);
        }
        inProgress.add(t, inOrder, tlps, own, now);
        return finish;
    }

    /** Time on the link of {@code wireBytes}, ns. */
    long serializationNs(long wireBytes) {
        return Math.round(wireBytes / bytesPerNs);
    }

    Timeline timeline() {
        return wire;
    }
}
