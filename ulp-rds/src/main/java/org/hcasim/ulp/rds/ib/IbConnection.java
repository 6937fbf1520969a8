package org.hcasim.ulp.rds.ib;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.hcasim.host.Host;
import org.hcasim.ulp.rds.settings.RdsCosts;
import org.hcasim.ulp.rds.settings.RdsSettings;
import org.hcasim.ulp.rds.wire.ConnectPrivateData;
import org.hcasim.ulp.rds.wire.RdsHeader;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * One RDS connection over IB (struct rds_ib_connection): the RC QP to one peer for one connection index, its send
 * and receive CQs, each on the least-loaded completion vector and polled by its own tasklet (the receive CQ armed
 * for solicited completions only), the send and receive paths, and the ACK and credit state. It comes up through the CM on the first message to the
 * peer (or the peer's request); messages queued meanwhile go out when it is up.
 */
final class IbConnection implements ReceivePath.Sink {
    enum State { DOWN, CONNECTING, UP, FAILED }

    /**
     * IB_RNR_TIMER_000_32 (code 10, 0.32 ms): RDS asks the CM for it on both sides, rdma_set_min_rnr_timer in
     * rds_rdma_cm_event_handler_cmn (active, at ADDR_RESOLVED) and rds_ib_cm_handle_connect (passive), so a sender
     * that finds no receive posted waits 0.32 ms before it retries, not the CM's default 0.64 ms.
     */
    static final int MIN_RNR_TIMER = 10;

    /** The host's jiffy (1 / CONFIG_HZ), {@code host.cost.jiffy-ns}: the unit of krdsd's delayed send work. */
    static final String JIFFY = "jiffy";

    private final RdsIbEndpoint endpoint;
    private final Host host;
    private final RdsSettings settings;
    private final RdsCosts costs;
    private final String peer;
    private final int path;
    private final Credits credits;
    private final AckState acks;
    private final SendPath send;
    private final ListLock cpLock;
    /** cp_send_w on krdsd, or null when rds.ib.krdsd-send-work is off. */
    private final SendWork sendWork;
    private final Runnable restart = this::restart;
    /** A holder's restart is queued (rds_send_xmit's goto restart after release_in_xmit). */
    private boolean restartPending;
    /** cp_send_gen when the restart was queued: it restarts only if nobody took the bit since (the race check). */
    private long restartGeneration;
    private long restarts;
    private long raced;
    private final ReceivePath receive;
    private final long ackHeader;
    private final byte[] scratch = new byte[RdsHeader.BYTES];
    private final CompletionCallback ackDone = this::bareAckCompleted;
    private State state = State.DOWN;
    private String failure;
    private QueuePair qp;
    private CompletionQueue sendCq;
    private CqTasklet sendTasklet;
    private CqTasklet recvTasklet;
    private CompletionQueue recvCq;
    private long nextReceiveSequence = 1;
    private long ackReceived;
    private long duplicates;

    IbConnection(RdsIbEndpoint endpoint, String peer, int path) {
        this.endpoint = endpoint;
        this.host = endpoint.host();
        this.settings = endpoint.settings();
        this.costs = endpoint.costs();
        this.peer = peer;
        this.path = path;
        this.credits = new Credits(settings.flowControl());
        this.acks = new AckState(new OwnedLines(host, settings.connectionLineSharing() ? SharedLines.ACK : 0));
        this.cpLock = settings.cpLockContention()
                ? ListLock.contended(host, "rds/cp_lock/" + peer + "/" + path)
                : new ListLock(host);
        this.send = new SendPath(host, settings, costs, endpoint.pool(), credits, acks, cpLock);
        this.sendWork = settings.krdsdSendWork()
                ? new SendWork(host, endpoint.krdsd(), host.cpuCosts().ns(JIFFY), this::sendWorker)
                : null;
        if (sendWork != null) {
            send.onRoomFreed(() -> sendWork.queue(0)); // rds_ib_send_cqe_handler: RDS_LL_SEND_FULL was set
        }
        this.receive = new ReceivePath(host, settings, costs, endpoint.pool(), peer, this);
        this.ackHeader = host.memory().allocate(RdsHeader.BYTES, 64);
    }

    State state() {
        return state;
    }

    /** Its CQs' events and completions so far (none before the CQs exist). */
    CqEventCounts eventCounts() {
        if (sendTasklet == null) {
            return CqEventCounts.NONE;
        }
        return new CqEventCounts(recvTasklet.events(), recvTasklet.completions(), sendTasklet.events(),
                sendTasklet.completions(), 0);
    }

    /** The core the send CQ's tasklet last ran on (its completion vector's), or -1 before its first pass. */
    int sendTaskletCore() {
        return sendTasklet == null || sendTasklet.events() == 0 ? -1 : sendTasklet.core();
    }

    String failure() {
        return failure;
    }

    RdsCosts costs() {
        return costs;
    }

    String peer() {
        return peer;
    }

    int path() {
        return path;
    }

    // ---------------------------------------------------------------- set-up

    /** rds_ib_setup_qp: both CQs on the least-loaded vectors (ibdev_get_unused_vector), the QP, the receive ring. */
    private void setUp() {
        sendTasklet = new CqTasklet(host, "rds-send-tasklet", false, this::afterSendPass);
        recvTasklet = new CqTasklet(host, "rds-recv-tasklet", true, this::afterReceivePass);
        int sendVector = endpoint.takeVector();
        int recvVector = endpoint.takeVector();
        sendCq = endpoint.cqPolicy().createCq(endpoint.device(),
                new CqInit(settings.sendWrs() + 1, sendVector, PollContext.DIRECT, sendTasklet));
        recvCq = endpoint.cqPolicy().createCq(endpoint.device(),
                new CqInit(settings.recvWrs() + 1, recvVector, PollContext.DIRECT, recvTasklet));
        qp = endpoint.pd().createQp(new QpInit(sendCq, recvCq, null, settings.sendWrs() + 1, settings.recvWrs() + 1,
                2, 2, 0, false, false));
        sendTasklet.attach(sendCq);
        recvTasklet.attach(recvCq);
        int lkey = endpoint.pd().localDmaLkey();
        send.bind(qp, lkey);
        receive.bind(qp, lkey);
    }

    /** Our side asks the peer for the connection (rds_ib_conn_path_connect). */
    void connect() {
        state = State.CONNECTING;
        setUp();
        CmAttempt attempt = new CmAttempt(qp);
        endpoint.device().connectionManager().connect(peer, RdsIbEndpoint.RDS_PORT, qp, privateData(), attempt)
                .setMinRnrTimer(MIN_RNR_TIMER);
        prefill();
    }

    /** The private data we send: our connection index and, with flow control, the receives we posted. */
    private byte[] privateData() {
        return ConnectPrivateData.of(path, credits.enabled() ? settings.recvWrs() : 0).encode();
    }

    /** The receive ring at set-up (rds_ib_recv_refill with prefill); with flow control it is the initial grant. */
    private void prefill() {
        receive.refill();
    }

    /**
     * The peer asks for this connection (rds_ib_cm_handle_connect). While our own request is out, the host with the
     * lower address keeps its request and rejects the peer's; the other accepts and drops its own (the simultaneous
     * connect RDS resolves with a random back-off, made deterministic here).
     */
    void incoming(CmId id, ConnectPrivateData data) {
        if (state == State.UP || (state == State.CONNECTING && endpoint.address().compareTo(peer) < 0)) {
            id.reject(new byte[0]);
            return;
        }
        if (state == State.CONNECTING) {
            tearDownAttempt();
        }
        state = State.CONNECTING;
        setUp();
        credits.initial(data.credit());
        QueuePair accepted = qp;
        id.setMinRnrTimer(MIN_RNR_TIMER);
        id.accept(qp, privateData());
        prefill();
        endpoint.listenFor(id, event -> {
            if (event instanceof CmEvent.Established && qp == accepted) {
                up();
            }
        });
    }

    /** Our own request lost the race: its QP and CQs go, their vectors are free again. */
    private void tearDownAttempt() {
        receive.release();
        qp.destroy();
        endpoint.releaseVector(sendCq.compVector());
        endpoint.releaseVector(recvCq.compVector());
        sendCq.destroy();
        recvCq.destroy();
        qp = null;
    }

    /** The CM events of our own request. */
    private final class CmAttempt implements org.hcasim.verbs.CmEventHandler {
        private final QueuePair attemptQp;

        CmAttempt(QueuePair attemptQp) {
            this.attemptQp = attemptQp;
        }

        @Override
        public void onEvent(CmEvent event) {
            if (qp != attemptQp) {
                return; // superseded by the peer's request, which we accepted
            }
            switch (event) {
                case CmEvent.Established e -> {
                    credits.initial(ConnectPrivateData.decode(e.privateData()).credit());
                    up();
                }
                case CmEvent.Rejected r -> {
                    if (state == State.CONNECTING) {
                        // the peer won a simultaneous connect and will come up through incoming()
                        tearDownAttempt();
                        state = State.DOWN;
                    }
                }
                case CmEvent.Unreachable u -> fail("unreachable: " + u.reason());
                default -> { }
            }
        }
    }

    /** rds_ib_cm_connect_complete: the connection is up; top up the receive ring, send what waited. */
    private void up() {
        state = State.UP;
        if (credits.posted(receive.refill())) {
            acks.request();
        }
        xmit();
    }

    /**
     * rds_send_xmit: takes RDS_IN_XMIT, posts what is queued, ends with the transport's xmit_path_complete
     * (rds_ib_xmit_path_complete tries a bare ACK, rds_ib_attempt_ack, for an ACK asked for that no posted header
     * carried) and releases the bit. A caller that finds the bit held returns at once (-ENOMEM); its message, already
     * queued, is the holder's to send: the holder, after release_in_xmit, restarts while the queue is not empty and
     * nobody took the bit since (cp_send_gen). The holder's task has already run whole, so its restart is queued
     * on its core at its priority, where it runs when the holder's task is done.
     */
    private SendPath.Xmit xmit() {
        if (!send.acquire()) {
            holderRestarts();
            return SendPath.Xmit.LOST;
        }
        SendPath.Xmit result = send.drain();
        attemptAck();
        send.release();
        return result;
    }

    private void holderRestarts() {
        if (restartPending || !send.pending()) {
            return;
        }
        XmitBit bit = send.bit();
        restartPending = true;
        restartGeneration = bit.generation();
        host.run(bit.holderCore(), bit.holderPriority(), "rds-xmit-restart", restart);
    }

    /** The holder after release_in_xmit: goto restart if the queue is not empty and nobody raced in (send.c). */
    private void restart() {
        restartPending = false;
        if (state != State.UP) {
            return;
        }
        if (send.bit().generation() != restartGeneration) {
            raced++; // s_send_lock_queue_raced: the racer loops over the queue itself
            return;
        }
        if (send.pending()) {
            restarts++;
            xmit();
        }
    }

    /**
     * rds_send_worker on krdsd: clears RDS_LL_SEND_FULL and calls rds_send_xmit; -ENOMEM (the bit held, or the ring
     * full again) queues it again two jiffies later.
     */
    private void sendWorker() {
        if (state != State.UP) {
            return;
        }
        send.clearFull();
        if (xmit() != SendPath.Xmit.DONE) {
            sendWork.queue(2);
        }
    }

    private void fail(String why) {
        state = State.FAILED;
        failure = why;
    }

    /**
     * The QP of an up connection failed (a receive flushed: RC gave up, as a long fault.link.* makes it). rds_ib would
     * drop the connection, reconnect and retransmit what was not acknowledged; this model does not (docs/faults.md),
     * so the connection stays failed and rds-stress reports it.
     */
    @Override
    public void lost(String why) {
        if (state == State.UP) {
            fail(String.format("connection %s -> %s (path %d) lost at %.3f s: %s", host.name(), peer, path,
                    host.now() / 1e9, why));
        }
    }

    // ---------------------------------------------------------------- sending

    /** Queues {@code m} (rds_send_queue_rm) and transmits what it can (rds_send_xmit), in the caller's task. */
    void send(OutgoingMessage m) {
        send.queue(m);
        if (state == State.UP && xmit() != SendPath.Xmit.DONE && sendWork != null) {
            sendWork.queue(1); // rds_sendmsg: rds_send_xmit gave -ENOMEM, retry from krdsd a jiffy later
        }
    }

    /**
     * After a send-CQ pass (rds_ib_tasklet_fn_send): rds_send_xmit unless the ring is still marked full (a pass
     * that freed ring entries cleared the mark), whether or not messages wait.
     */
    private void afterSendPass() {
        if (state == State.UP && !send.full()) {
            xmit();
        }
    }

    // ---------------------------------------------------------------- receiving

    /** rds_recv_incoming's sequence check, then the endpoint delivers the message to its socket. */
    @Override
    public void message(IncomingMessage m) {
        long sequence = m.header.sequence();
        if (sequence < nextReceiveSequence) {
            duplicates++;
            endpoint.drop(m);
            return;
        }
        nextReceiveSequence = sequence + 1;
        endpoint.deliver(m);
    }

    @Override
    public void credits(int granted) {
        credits.add(granted);
    }

    /**
     * rds_ib_recv_cqe_handler's refill of a ring left half empty (rds_ib_recv_refill from the tasklet, GFP_NOWAIT):
     * only while the connection is up (a flushed QP gets no new receives); with flow control the new receives are
     * owed to the peer, and the pass's rds_ib_attempt_ack sends them.
     */
    @Override
    public void ringLow() {
        if (state == State.UP && credits.posted(receive.refill())) {
            acks.request();
        }
    }

    /** After a receive-CQ pass (rds_ib_tasklet_fn_recv): acks, messages the peer acknowledged, a bare ACK. */
    private void afterReceivePass() {
        if (receive.passAckNext() >= 0) {
            acks.received(receive.passAckNext(), receive.passAckRequired());
        }
        long acked = receive.passAckReceived();
        receive.endPass();
        if (acked > ackReceived) {
            ackReceived = acked;
            send.dropAcked(acked);
        }
        attemptAck();
        if (credits.enabled() && state == State.UP && send.pending()) {
            xmit(); // the peer's headers may have granted credits
        }
    }

    /** rds_ib_attempt_ack: a bare ACK if one was asked for and none is in flight (and a credit allows it). */
    private void attemptAck() {
        if (state != State.UP || !acks.bareAckDue()) {
            return;
        }
        // rds_ib_attempt_ack grabs with need_posted = 0: without a send credit it takes none of the posted credits
        // either, which stay owed for the next header (taking them here and not sending would lose them for good)
        if (credits.grab(1, false) == 0) {
            return; // no credit: the next grant brings another chance
        }
        long ack = acks.sendBare();
        RdsHeader.bareAck(ack, credits.advertised()).encodeInto(scratch, 0);
        host.memory().write(ackHeader, scratch, 0, RdsHeader.BYTES);
        host.charge(costs.sendAck());
        qp.postSend(List.of(new WorkRequest.Send(List.of(new Sge(ackHeader, RdsHeader.BYTES, endpoint.pd().localDmaLkey())),
                OptionalInt.empty(), ACK_FLAGS, ackDone)));
    }

    private static final Set<SendFlag> ACK_FLAGS = Set.of(SendFlag.SIGNALED, SendFlag.SOLICITED);

    /** rds_ib_ack_send_complete: the next bare ACK may go. */
    private void bareAckCompleted(WorkCompletion wc) {
        acks.bareAckCompleted();
        attemptAck();
    }

    // ---------------------------------------------------------------- statistics

    /** Counters for tests and reports. */
    record Stats(long fragmentsPosted, int unacknowledged, int queued, int ringUsed, int receivesPosted,
                 long bareAcks, long piggybackedAcks, long delayedAcks, long duplicates, long badHeaders,
                 int sendCredits, int postedCredits, TransmitCounts transmit) {
    }

    Stats stats() {
        return new Stats(send.fragmentsPosted(), send.unacknowledged(), send.queued(), send.ringUsed(), receive.posted(),
                acks.bareCount(), acks.piggybackedCount(), acks.delayedCount(), duplicates, receive.badHeaders(),
                credits.sendCredits(), credits.postedCredits(),
                transmitCounts());
    }

    /** Its transmit path's contention so far. */
    TransmitCounts transmitCounts() {
        return new TransmitCounts(send.bit().lost(), restarts, raced, sendWork == null ? 0 : sendWork.runs(),
                cpLock.extraNs());
    }

    /** The connection's QP (null before set-up). */
    QueuePair qp() {
        return qp;
    }

    List<CompletionQueue> cqs() {
        List<CompletionQueue> out = new ArrayList<>();
        if (sendCq != null) out.add(sendCq);
        if (recvCq != null) out.add(recvCq);
        return out;
    }
}
