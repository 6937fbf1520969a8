package org.hcasim.ulp.rds.ib;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.hcasim.host.Host;
import org.hcasim.ulp.rds.settings.RdsCosts;
import org.hcasim.ulp.rds.settings.RdsSettings;
import org.hcasim.ulp.rds.wire.RdsHeader;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * The send side of one connection (rds_send_xmit, rds_ib_xmit, rds_ib_send_cqe_handler, rds_send_drop_acked):
 * messages wait on the send queue, get their fragments posted into the send ring (one SEND with two SGEs each:
 * the 48-byte header from the header ring and up to a fragment of data), then wait on the retransmit queue until
 * the peer acknowledges them. Only every {@code max-unsignaled-wrs}+1-th WR and the last fragment of every
 * message are signalled; the last fragment also asks for a solicited event. A full ring (or no credits) stops
 * the queue until send completions (or credits) free room.
 */
final class SendPath {
    private final Host host;
    private final RdsSettings settings;
    private final RdsCosts costs;
    private final BufferPool pool;
    private final Credits credits;
    private final AckState acks;
    private final ArrayDeque<OutgoingMessage> queue = new ArrayDeque<>();
    private final ArrayDeque<OutgoingMessage> retransmit = new ArrayDeque<>();
    /** cp_lock. */
    private final ListLock lock;
    /** RDS_IN_XMIT, the bit lock rds_send_xmit holds while it feeds the connection (acquire_in_xmit). */
    private final XmitBit inXmit;
    /** Called when a send completion clears RDS_LL_SEND_FULL (rds_ib_send_cqe_handler then queues cp_send_w). */
    private Runnable roomFreed = () -> { };
    private final OwnedLines pathLines;
    private final OwnedLines ringLines;
    private final Slot[] ring;
    private final long headers;
    private final byte[] scratch = new byte[RdsHeader.BYTES];
    private QueuePair qp;
    private int lkey;
    private int oldest;
    private int used;
    private int unsignaled;
    private long nextSequence = 1;
    private int unackedPackets;
    private long unackedBytes;
    private boolean full;
    private long fragmentsPosted;

    /** One send-ring entry and its completion callback (rds_ib_send_work). */
    private final class Slot implements CompletionCallback {
        final int position;
        OutgoingMessage message;
        boolean last;

        Slot(int position) {
            this.position = position;
        }

        @Override
        public void done(WorkCompletion wc) {
            if (wc.qp() == qp) {
                completed(position);
            }
        }
    }

    /**
     * @param lock cp_lock (the contended model when {@code rds.ib.cp-lock-contention} is on: its own line is then the
     *             lock model's, so the transmit lines below count one line fewer)
     */
    SendPath(Host host, RdsSettings settings, RdsCosts costs, BufferPool pool, Credits credits, AckState acks,
             ListLock lock) {
        this.host = host;
        this.costs = costs;
        this.lock = lock;
        this.inXmit = new XmitBit(host, settings.inXmitContention());
        boolean sharing = settings.connectionLineSharing();
        int pathLineCount = settings.cpLockContention() ? SharedLines.PATH - 1 : SharedLines.PATH;
        this.pathLines = new OwnedLines(host, sharing ? pathLineCount : 0);
        this.ringLines = new OwnedLines(host, sharing ? SharedLines.SEND_RING : 0);
        this.settings = settings;
        this.pool = pool;
        this.credits = credits;
        this.acks = acks;
        this.ring = new Slot[settings.sendWrs()];
        for (int i = 0; i < ring.length; i++) {
            ring[i] = new Slot(i);
        }
        this.headers = host.memory().allocate((long) RdsHeader.BYTES * ring.length, 64);
        this.unsignaled = settings.maxUnsignaledWrs();
    }

    /** The QP the fragments go out on (set when the connection's QP exists). */
    void bind(QueuePair boundQp, int localLkey) {
        this.qp = boundQp;
        this.lkey = localLkey;
    }

    /**
     * rds_send_queue_rm + the ack-required decision of rds_send_xmit: gives {@code m} its sequence number and
     * queues it, under the connection's lock.
     */
    void queue(OutgoingMessage m) {
        pathLines.touch();
        lock.around();
        enqueue(m);
    }

    private void enqueue(OutgoingMessage m) {
        m.sequence = nextSequence++;
        if (unackedPackets == 0 || unackedBytes < m.length) {
            m.flags |= RdsHeader.FLAG_ACK_REQUIRED;
            unackedPackets = settings.maxUnackedPackets();
            unackedBytes = settings.maxUnackedBytes();
        } else {
            unackedPackets--;
            unackedBytes -= m.length;
        }
        queue.add(m);
    }

    /** Whether messages wait to be posted. */
    boolean pending() {
        return !queue.isEmpty();
    }

    /**
     * Whether the last attempt stopped on a full ring or missing credits and no send completion has freed a ring
     * entry since (RDS_LL_SEND_FULL, which rds_ib_send_cqe_handler clears).
     */
    boolean full() {
        return full;
    }

    /** What an rds_send_xmit attempt came to. */
    enum Xmit {
        /** It sent what was queued and found the queue empty (returns 0). */
        DONE,
        /** A full ring or missing credits stopped it (rds_ib_xmit's -ENOMEM, RDS_LL_SEND_FULL set). */
        FULL,
        /** Another context held RDS_IN_XMIT (-ENOMEM before touching the queue). */
        LOST
    }

    /** The connection's reaction to a send completion that clears RDS_LL_SEND_FULL. */
    void onRoomFreed(Runnable r) {
        this.roomFreed = r;
    }

    /** acquire_in_xmit: false if another context holds RDS_IN_XMIT. */
    boolean acquire() {
        pathLines.touch();
        return inXmit.acquire();
    }

    /** release_in_xmit, after the transport's xmit_path_complete. */
    void release() {
        inXmit.release();
    }

    /** The bit, for the holder's restart and the counters. */
    XmitBit bit() {
        return inXmit;
    }

    /**
     * rds_send_xmit's loop, with RDS_IN_XMIT held: posts queued messages while ring slots and credits last. The
     * connection's lock is held only to take the next message off the send queue (and to find it empty); posting
     * runs without it. The caller may find nothing queued (the send tasklet tries after every pass); that costs one
     * look at the queue.
     */
    Xmit drain() {
        full = false;
        while (!queue.isEmpty()) {
            OutgoingMessage m = queue.peek();
            if (m.posted == 0) {
                lock.around(1, 1); // list_move_tail to the retransmit queue (cp_retrans's line), under cp_lock
            }
            int n = Math.min(m.fragments - m.posted, ring.length - used);
            if (n > 0) {
                n = credits.grab(n, false);
            }
            if (n == 0) {
                full = true;
                return Xmit.FULL;
            }
            post(m, n, credits.advertised());
            if (!m.fullyPosted()) {
                full = true;
                return Xmit.FULL;
            }
            queue.poll();
            retransmit.add(m);
        }
        lock.around(); // the queue found empty, under cp_lock
        return Xmit.DONE;
    }

    /** rds_send_worker clears RDS_LL_SEND_FULL before its rds_send_xmit. */
    void clearFull() {
        full = false;
    }

    /** rds_ib_xmit for {@code n} more fragments of {@code m}: one work-request chain, one doorbell. */
    private void post(OutgoingMessage m, int n, int advertisedCredits) {
        ringLines.touch(); // rds_ib_ring_alloc
        long ack = acks.piggyback();
        if (m.posted == 0 && m.length > 0) {
            host.charge(costs.dmaMap()); // ib_dma_map_sg of the message's scatterlist
        }
        List<WorkRequest.Send> wrs = new ArrayList<>(n);
        int fragmentSize = (int) settings.fragmentSize();
        for (int i = 0; i < n; i++) {
            int fragment = m.posted + i;
            int position = (oldest + used) % ring.length;
            used++;
            Slot slot = ring[position];
            slot.message = m;
            slot.last = fragment == m.fragments - 1;
            RdsHeader.of(m.sequence, ack, m.length, m.sourcePort, m.destinationPort, m.flags,
                    i == 0 ? advertisedCredits : 0).encodeInto(scratch, 0);
            long header = headers + (long) RdsHeader.BYTES * position;
            host.memory().write(header, scratch, 0, RdsHeader.BYTES);
            host.charge(costs.xmitFragment());
            int offset = fragment * fragmentSize;
            int bytes = Math.min(fragmentSize, m.length - offset);
            List<Sge> sgl = bytes > 0
                    ? List.of(new Sge(header, RdsHeader.BYTES, lkey), new Sge(m.pages[fragment], bytes, lkey))
                    : List.of(new Sge(header, RdsHeader.BYTES, lkey));
            wrs.add(new WorkRequest.Send(sgl, OptionalInt.empty(), flags(slot.last), slot));
        }
        m.posted += n;
        fragmentsPosted += n;
        qp.postSend(wrs);
    }

    private static final Set<SendFlag> LAST = Set.of(SendFlag.SIGNALED, SendFlag.SOLICITED);
    private static final Set<SendFlag> SIGNALED = Set.of(SendFlag.SIGNALED);
    private static final Set<SendFlag> UNSIGNALED = Set.of();

    /** rds_ib_set_wr_signal_state: every (max+1)-th WR, and the last fragment (also solicited). */
    private Set<SendFlag> flags(boolean last) {
        if (last) {
            unsignaled = settings.maxUnsignaledWrs();
            return LAST;
        }
        if (unsignaled-- == 0) {
            unsignaled = settings.maxUnsignaledWrs();
            return SIGNALED;
        }
        return UNSIGNALED;
    }

    /** A signalled WR at {@code position} completed: it and every WR before it are done (rds_ib_ring_completed). */
    private void completed(int position) {
        boolean wasFull = full;
        full = false; // rds_ib_send_cqe_handler: test_and_clear_bit(RDS_LL_SEND_FULL)
        ringLines.touch(); // rds_ib_ring_free
        pathLines.touch(); // the bit lives in cp_flags
        int count = (position - oldest + ring.length) % ring.length + 1;
        for (int i = 0; i < count; i++) {
            Slot s = ring[oldest];
            if (s.last) {
                host.charge(costs.sendComplete() + (s.message.length > 0 ? costs.dmaUnmap() : 0)); // the message waits for its ACK
                s.message.completed++;
            }
            s.message = null;
            s.last = false;
            oldest = (oldest + 1) % ring.length;
            used--;
        }
        if (wasFull) {
            roomFreed.run();
        }
    }

    /** rds_send_drop_acked: frees every message up to {@code ack}, walking the retransmit queue under the lock. */
    void dropAcked(long ack) {
        if (retransmit.isEmpty() || retransmit.peek().sequence > ack) {
            return;
        }
        pathLines.touch(); // cp_lock and cp_retrans
        // the retransmit queue holds consecutive sequence numbers (messages leave the send queue in order)
        int acked = (int) Math.min(retransmit.size(), ack - retransmit.peek().sequence + 1);
        lock.around(acked, 1); // rds_send_path_drop_acked: the acked messages moved off cp_retrans under cp_lock
        RdsSocket run = null;
        while (!retransmit.isEmpty() && retransmit.peek().sequence <= ack) {
            OutgoingMessage m = retransmit.poll();
            host.charge(costs.dropAcked());
            for (long page : m.pages) {
                pool.give(page);
            }
            // rds_send_remove_from_sock: rds_wake_sk_sleep once per run of messages of one socket
            if (m.socket != run && run != null) {
                run.sendBufferReleased();
            }
            run = m.socket;
            m.socket.acknowledged(m.length);
        }
        if (run != null) {
            run.sendBufferReleased();
        }
    }

    /** Messages sent and not yet acknowledged. */
    int unacknowledged() {
        return retransmit.size();
    }

    int queued() {
        return queue.size();
    }

    /** Send-ring entries in use. */
    int ringUsed() {
        return used;
    }

    long fragmentsPosted() {
        return fragmentsPosted;
    }
}
