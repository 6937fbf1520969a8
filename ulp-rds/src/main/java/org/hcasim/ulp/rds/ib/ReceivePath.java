package org.hcasim.ulp.rds.ib;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.host.Host;
import org.hcasim.ulp.rds.settings.RdsCosts;
import org.hcasim.ulp.rds.settings.RdsSettings;
import org.hcasim.ulp.rds.wire.RdsHeader;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * The receive side of one connection (rds_ib_recv_refill, rds_ib_recv_cqe_handler, rds_ib_process_recv): a ring of
 * receives of the send side's shape (a 48-byte header slot and one data fragment each), refilled when it is half
 * empty; each completion's header is decoded from its bytes, its ack and credits noted, its fragment appended to
 * the message being received, and a whole message handed to the endpoint (rds_recv_incoming).
 */
final class ReceivePath {
    /** Where whole messages and header facts go. */
    interface Sink {
        /** A whole message arrived (in sequence order). */
        void message(IncomingMessage m);

        /** A header granted {@code credits} send credits. */
        void credits(int credits);

        /** A receive completed in error: the QP went to ERR (RC gave up, or the peer disconnected). */
        void lost(String why);

        /**
         * A completion left the ring at most half posted (rds_ib_ring_low): refill it now, within the pass, as
         * rds_ib_recv_cqe_handler does after every completion (rds_ib_recv_refill, which posts only while the
         * connection is up).
         */
        void ringLow();
    }

    private final Host host;
    private final RdsSettings settings;
    private final RdsCosts costs;
    private final BufferPool pool;
    private final String peer;
    private final Sink sink;
    private final Slot[] ring;
    private final long headers;
    private final byte[] scratch = new byte[RdsHeader.BYTES];
    private QueuePair qp;
    private int lkey;
    private int head;
    private int posted;
    private IncomingMessage current;
    // what one pass of the tasklet learnt (rds_ib_ack_state)
    private long passAckNext = -1;
    private boolean passAckRequired;
    private long passAckReceived = -1;
    private long badHeaders;
    /**
     * The core of the last recvmsg of a message from this ring: its rds_inc_put freed the fragment and incoming
     * structs into that core's per-CPU cache (rds_ib_recv_cache_put), from which the refill takes them again.
     */
    private int readerCore = -1;

    /** One receive-ring entry: its header slot, the fragment posted with it, its completion callback. */
    private final class Slot implements CompletionCallback {
        final long header;
        long fragment = -1;

        Slot(long header) {
            this.header = header;
        }

        @Override
        public void done(WorkCompletion wc) {
            completed(this, wc);
        }
    }

    ReceivePath(Host host, RdsSettings settings, RdsCosts costs, BufferPool pool, String peer, Sink sink) {
        this.host = host;
        this.costs = costs;
        this.settings = settings;
        this.pool = pool;
        this.peer = peer;
        this.sink = sink;
        this.ring = new Slot[settings.recvWrs()];
        this.headers = host.memory().allocate((long) RdsHeader.BYTES * ring.length, 64);
        for (int i = 0; i < ring.length; i++) {
            ring[i] = new Slot(headers + (long) RdsHeader.BYTES * i);
        }
    }

    void bind(QueuePair boundQp, int localLkey) {
        this.qp = boundQp;
        this.lkey = localLkey;
    }

    /** rds_ib_ring_low: at most half the ring posted. */
    boolean low() {
        return posted <= ring.length / 2;
    }

    int posted() {
        return posted;
    }

    /**
     * rds_ib_recv_refill: posts a receive into every free ring entry; returns how many. Flow control then owes the
     * peer that many credits.
     */
    int refill() {
        int n = ring.length - posted;
        if (n == 0) {
            return 0;
        }
        List<WorkRequest.Recv> wrs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Slot s = ring[(head + posted + i) % ring.length];
            s.fragment = pool.take();
            // a fragment from the cache, its struct last written by the reader's core; ib_dma_map_sg of its page
            host.charge(costs.refillFragment() + costs.dmaMap() + SharedLines.FRAGMENT * fromReader());
            wrs.add(new WorkRequest.Recv(List.of(new Sge(s.header, RdsHeader.BYTES, lkey),
                    new Sge(s.fragment, pool.size(), lkey)), s));
        }
        posted += n;
        qp.postRecv(wrs);
        return n;
    }

    /**
     * rds_ib_recv_cqe_handler for one completion: the fragment is processed (rds_ib_process_recv), its ring entry
     * freed, and a ring left at most half posted is refilled at once, before the pass polls the next completion.
     */
    private void completed(Slot s, WorkCompletion wc) {
        if (wc.qp() != qp) {
            return; // flushed from the QP of a connection attempt that lost a simultaneous connect
        }
        process(s, wc);
        if (low()) {
            sink.ringLow();
        }
    }

    private void process(Slot s, WorkCompletion wc) {
        host.charge(costs.recvFragment() + costs.dmaUnmap()); // ib_dma_unmap_sg of the fragment's page
        if (ring[head] != s) {
            throw new IllegalStateException("RDS receive completed out of ring order");
        }
        head = (head + 1) % ring.length;
        posted--;
        long fragment = s.fragment;
        s.fragment = -1;
        if (!wc.ok()) {
            pool.give(fragment); // flushed: the connection is going down
            sink.lost("receive completed with " + wc.status());
            return;
        }
        host.memory().read(s.header, scratch, 0, RdsHeader.BYTES);
        RdsHeader h;
        try {
            h = RdsHeader.decode(scratch, 0);
        } catch (IllegalArgumentException e) {
            badHeaders++; // rds_ib_process_recv drops a fragment whose header does not verify
            pool.give(fragment);
            return;
        }
        passAckReceived = Math.max(passAckReceived, h.ack());
        if (h.credit() > 0) {
            sink.credits(h.credit());
        }
        if (h.isBareAck()) {
            pool.give(fragment);
            return;
        }
        if (current == null) {
            // the receive's rds_ib_incoming, refilled from the reader's per-CPU cache like the fragments
            host.charge(SharedLines.INCOMING * fromReader());
            current = new IncomingMessage(h, peer, settings.fragments(h.length()), this, host.currentCore());
        }
        if (current.add(fragment, (int) wc.byteLength() - RdsHeader.BYTES)) {
            passAckNext = h.sequence();
            passAckRequired |= h.ackRequired();
            IncomingMessage whole = current;
            current = null;
            sink.message(whole);
        }
    }

    /** recvmsg of one of this ring's messages ran on {@code core}, and freed its structs there. */
    void readOn(int core) {
        readerCore = core;
    }

    /** One cache line last written by the reader's core, fetched by this (the tasklet's) core. */
    private long fromReader() {
        return host.lineTransferNs(readerCore, host.currentCore());
    }

    /** After a pass: the sequence number received whole in it (or -1), and whether a message asked for an ACK. */
    long passAckNext() {
        return passAckNext;
    }

    boolean passAckRequired() {
        return passAckRequired;
    }

    /** The highest ack the peer's headers carried in this pass, or -1. */
    long passAckReceived() {
        return passAckReceived;
    }

    void endPass() {
        passAckNext = -1;
        passAckRequired = false;
        passAckReceived = -1;
    }

    long badHeaders() {
        return badHeaders;
    }

    /** Gives the buffers of posted receives back to the pool (the connection is torn down). */
    void release() {
        for (int i = 0; i < posted; i++) {
            Slot s = ring[(head + i) % ring.length];
            if (s.fragment >= 0) {
                pool.give(s.fragment);
                s.fragment = -1;
            }
        }
        posted = 0;
    }
}
