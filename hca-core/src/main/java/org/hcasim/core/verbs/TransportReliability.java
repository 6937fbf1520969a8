package org.hcasim.core.verbs;

import org.hcasim.core.fault.FaultLedger.Section;
import org.hcasim.core.fault.Faults;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.verbs.WcStatus;

/**
 * The RC transport's reliability on the requester side: packet sequence numbers, the ACK timer, and
 * go-back-N. A response names the request's PSN; an RNR NAK makes the requester wait the responder's RNR timer
 * and send the request and every later one again, a lost request (no QP there, or one not ready to receive) does
 * the same once its ACK timer expires, up to the QP's retry counts.
 *
 * <p>The ACK timer of a request starts when it is transmitted: its deadline travels in the packet. Only a lost
 * request's timer becomes an event (when the loss is known, at the end of the wire): a request that is answered
 * never times out in this model, however late the answer (rdma_cm's default timeout is 67 ms, far beyond any
 * response time the model produces).
 *
 * <p>With wire faults (docs/faults.md) a request or a response can be lost: the responder answers the first request
 * after a lost one with a sequence-error NAK, which sends the requester back to the lost request at once (counted
 * against the retry count like an expired ACK timer); an ACK or NAK also answers every earlier request whose
 * response was lost, except an RDMA READ, whose data only its own response brings: the requester goes back to it.
 *
 * <p>The epoch counts restarts (go-back-N, ERR, RESET): work issued in an older epoch is ignored when it
 * finishes, and so is the expiry of an older epoch's ACK timer. Responses are matched by PSN alone, but only one
 * to a request of the current epoch sends the requester back to an earlier READ.
 */
final class TransportReliability {
    private final SimQueuePair qp;
    private final EventLoop loop;
    private long nextPsn;
    private int epoch;
    private long pausedUntil;
    private final Faults faults;

    TransportReliability(SimQueuePair qp, EventLoop loop) {
        this.qp = qp;
        this.loop = loop;
        this.faults = qp.device().fabric().faults();
    }

    /** The current epoch (bumped by every restart). */
    int epoch() {
        return epoch;
    }

    /** Work in flight is abandoned (ERR, RESET, destroy, go-back-N). */
    void newEpoch() {
        epoch++;
    }

    /** QP to RESET: sequence numbers start over. */
    void reset() {
        nextPsn = 0;
    }

    /** The PSN of the next new request. */
    long assignPsn() {
        return nextPsn++;
    }

    /** True while an RNR wait holds the requester back at {@code now}. */
    boolean paused(long now) {
        return now < pausedUntil;
    }

    /** The deadline of the ACK timer of a request transmitted at {@code sentAt}. */
    long ackDeadline(long sentAt) {
        long wait = IbTimers.ackTimeoutNs(qp.states().timeout());
        return wait == Long.MAX_VALUE ? Long.MAX_VALUE : sentAt + wait;
    }

    /** A response arrived: ACK, RNR NAK or NAK for the outstanding WQE with its PSN. */
    void onResponse(Packet.Response resp) {
        if (!qp.states().sending()) {
            return;
        }
        SendWqe w = qp.sendQueue().findByPsn(resp.psn());
        if (w == null || w.done) {
            return;
        }
        if (faults.wire && answerEarlier(w, resp)) {
            return;
        }
        switch (resp.kind()) {
            case ACK -> qp.requester().acknowledged(w, resp);
            case SEQUENCE_NAK -> retry(w, "go-back-N after a sequence NAK");
            case RNR_NAK -> {
                w.rnrNaks++;
                int rnrRetry = qp.states().rnrRetry();
                if (rnrRetry != 7 && w.rnrNaks > rnrRetry) {
                    qp.requester().fail(w, WcStatus.RNR_RETRY_EXC_ERR);
                } else {
                    goBackN(w, loop.now() + IbTimers.rnrTimerNs(resp.rnrTimer()));
                }
            }
            case NAK -> qp.requester().fail(w, resp.nakStatus());
        }
    }

    /** The ACK timer of {@code req}, which was lost, expired: retransmit from it, or fail after retryCount tries. */
    void ackTimerExpired(Packet.Request req) {
        if (req.sourceEpoch() != epoch || !qp.states().sending()) {
            return;
        }
        SendWqe w = qp.sendQueue().findByPsn(req.psn());
        if (w == null || w.done) {
            return;
        }
        retry(w, "go-back-N after an ACK timeout");
    }

    /** A transport retry of {@code w} (ACK timeout, sequence NAK): go back to it, or fail after retryCount tries. */
    private void retry(SendWqe w, String why) {
        w.timeouts++;
        if (w.timeouts > qp.states().retryCount()) {
            if (faults.any()) {
                faults.ledger().count(Section.FAILED, "RETRY_EXC_ERR completions");
            }
            qp.requester().fail(w, WcStatus.RETRY_EXC_ERR);
        } else {
            if (faults.any()) {
                faults.ledger().count(Section.TRANSPORT, why);
            }
            goBackN(w, loop.now());
        }
    }

    /**
     * A response for {@code w} answers the earlier requests still outstanding too (their responses were lost): each
     * completes, up to the first RDMA READ, to which the requester goes back (its data never came). Returns whether
     * it went back.
     */
    private boolean answerEarlier(SendWqe w, Packet.Response resp) {
        SendQueue sq = qp.sendQueue();
        for (long p = sq.head(); p < sq.tail(); p++) {
            SendWqe e = sq.at(p);
            if (e == w) {
                return false;
            }
            if (e == null || e.done || e.psn < 0 || e.psn >= w.psn) { // null: retired by an acknowledgement here
                continue;
            }
            if (e.wr instanceof org.hcasim.verbs.WorkRequest.RdmaRead) {
                // A response to a transmission a go-back-N abandoned says nothing of the READ's retransmission: it is
                // dropped (its own request was sent again too and is answered again). Taken as an implied NAK, each
                // such late response would send the requester back once more, and the responses of the requests
                // that were in flight would use up the retry count for one lost packet.
                if (resp.requestEpoch() == epoch) {
                    retry(e, "go-back-N for a lost READ response");
                }
                return true;
            }
            qp.requester().acknowledged(e, resp);
        }
        return false;
    }

    /** A request goes on the wire again (go-back-N). */
    void retransmitting() {
        if (faults.any()) {
            faults.ledger().count(Section.TRANSPORT, "requests retransmitted");
        }
    }

    /** A packet of request {@code psn} or of its response was lost; false when no outstanding WQE has that PSN. */
    boolean wireFault(long psn) {
        SendWqe w = qp.sendQueue().findByPsn(psn);
        if (w == null || w.done) {
            return false;
        }
        w.wireFaults++;
        return true;
    }

    /** Go back to {@code w}: it and every later network WQE are sent again from {@code at}. */
    private void goBackN(SendWqe w, long at) {
        epoch++;
        pausedUntil = at;
        qp.requester().restartFrom(w, at);
    }
}
