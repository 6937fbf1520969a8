package org.hcasim.core.verbs;

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
 * <p>The epoch counts restarts (go-back-N, ERR, RESET): work issued in an older epoch is ignored when it
 * finishes, and so is the expiry of an older epoch's ACK timer. Responses are matched by PSN alone.
 */
final class TransportReliability {
    private final SimQueuePair qp;
    private final EventLoop loop;
    private long nextPsn;
    private int epoch;
    private long pausedUntil;

    TransportReliability(SimQueuePair qp, EventLoop loop) {
        this.qp = qp;
        this.loop = loop;
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
        switch (resp.kind()) {
            case ACK -> qp.requester().acknowledged(w, resp);
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
        w.timeouts++;
        if (w.timeouts > qp.states().retryCount()) {
            qp.requester().fail(w, WcStatus.RETRY_EXC_ERR);
        } else {
            goBackN(w, loop.now());
        }
    }

    /** Go back to {@code w}: it and every later network WQE are sent again from {@code at}. */
    private void goBackN(SendWqe w, long at) {
        epoch++;
        pausedUntil = at;
        qp.requester().restartFrom(w, at);
    }
}
