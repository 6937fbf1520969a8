package org.hcasim.core.verbs;

import java.util.ArrayDeque;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;

/**
 * The responder half of an RC QP: takes requests in sequence, matches SENDs to receives (own queue or SRQ),
 * checks keys, bounds and access, places data, invalidates on SEND_WITH_INV, and answers with ACK, RNR NAK or
 * NAK. A responder-side error NAKs the requester, raises the async event and moves the QP to ERR.
 */
final class Responder {
    private final SimQueuePair qp;
    private final SimRdmaDevice dev;
    private final EventLoop loop;
    private final ArrayDeque<RecvWqe> rq = new ArrayDeque<>();
    private long expectedPsn;
    private long lastResponseAt;
    private long lastRecvCqeAt;
    private boolean commEstablished;

    Responder(SimQueuePair qp) {
        this.qp = qp;
        this.dev = qp.device();
        this.loop = dev.loop();
    }

    void post(RecvWqe r) {
        rq.add(r);
    }

    int postedReceives() {
        return rq.size();
    }

    /** QP to ERR: every posted receive completes with WR_FLUSH_ERR. */
    void flushReceives() {
        long now = loop.now();
        while (!rq.isEmpty()) {
            completeRecv(rq.poll(), WcStatus.WR_FLUSH_ERR, 0, OptionalInt.empty(), OptionalInt.empty(), now);
        }
    }

    /** QP to RESET: receives are discarded, sequence numbers restart. */
    void reset() {
        rq.clear();
        expectedPsn = 0;
        commEstablished = false;
    }

    private boolean accepts(Packet.Request req) {
        return !qp.destroyed() && (qp.state() == QpState.RTR || qp.state() == QpState.RTS)
                && req.source().address().equals(qp.remote());
    }

    /** A request arrived from the fabric. */
    void onRequest(Packet.Request req, long sentAt) {
        if (!accepts(req)) {
            req.source().noResponse(req, sentAt); // silently dropped, as a QP not ready to receive does
            return;
        }
        if (req.psn() > expectedPsn) {
            return; // out of sequence after an RNR NAK: dropped, the requester goes back
        }
        if (req.psn() < expectedPsn) {
            respond(req, loop.now(), new Packet.Response(req.psn(), Packet.Kind.ACK, null, null, 0, 0));
            return; // duplicate of an executed request
        }
        if (qp.state() == QpState.RTR && !commEstablished) {
            commEstablished = true;
            dev.raise(AsyncEventType.COMM_EST, qp, "first packet on QP 0x" + Integer.toHexString(qp.qpNum()) + " in RTR");
        }
        long t = dev.dataPath().receiveEngine(loop.now(), req.length());
        switch (req.op()) {
            case SEND, SEND_INV -> receiveSend(req, t);
            case WRITE -> receiveWrite(req, t);
            case READ -> receiveRead(req, t);
        }
    }

    private void receiveSend(Packet.Request req, long t) {
        Mkey toInvalidate = null;
        if (req.op() == Packet.Op.SEND_INV) {
            toInvalidate = dev.keys().find(req.invalidateKey());
            if (toInvalidate == null || !toInvalidate.fastRegistration() || toInvalidate.pd != qp.simPd()) {
                responderError(req, t, WcStatus.REM_ACCESS_ERR, AsyncEventType.QP_ACCESS_ERR,
                        "SEND_WITH_INV names key 0x" + Integer.toHexString(req.invalidateKey())
                                + " that this PD cannot invalidate");
                return;
            }
        }
        RecvWqe r = qp.srq() != null ? qp.srq().take() : rq.poll();
        if (r != null && qp.srq() != null) {
            dev.dataPath().srqWqeFetched(t);
        }
        if (r == null) {
            respond(req, t, new Packet.Response(req.psn(), Packet.Kind.RNR_NAK, null, null, 0, qp.minRnrTimer()));
            return;
        }
        expectedPsn++;
        if (r.wr().capacity() < req.length()) {
            completeRecv(r, WcStatus.LOC_LEN_ERR, 0, OptionalInt.empty(), OptionalInt.empty(), t);
            responderError(req, t, WcStatus.REM_INV_REQ_ERR, AsyncEventType.QP_REQ_ERR, "a " + req.length()
                    + "-byte SEND does not fit the " + r.wr().capacity() + "-byte receive");
            return;
        }
        long remaining = req.length();
        for (Sge s : r.wr().sgl()) {
            if (remaining <= 0) {
                break;
            }
            long n = Math.min(s.length(), remaining);
            KeyCheck c = dev.keys().check(s.lkey(), qp.simPd(), s.address(), n, Set.of(AccessFlag.LOCAL_WRITE));
            if (!c.ok()) {
                WcStatus local = c == KeyCheck.NO_ACCESS ? WcStatus.LOC_ACCESS_ERR : WcStatus.LOC_PROT_ERR;
                completeRecv(r, local, 0, OptionalInt.empty(), OptionalInt.empty(), t);
                responderError(req, t, WcStatus.REM_OP_ERR, AsyncEventType.QP_FATAL, "receive buffer key 0x"
                        + Integer.toHexString(s.lkey()) + " failed its check: " + c);
                return;
            }
            remaining -= n;
        }
        dev.keys().scatter(r.wr().sgl(), req.payload(), req.length());
        OptionalInt invalidated = OptionalInt.empty();
        if (toInvalidate != null) {
            toInvalidate.valid = false;
            invalidated = OptionalInt.of(req.invalidateKey());
        }
        long placed = placeData(t, r.wr().sgl(), req.length());
        completeRecv(r, WcStatus.SUCCESS, req.length(), invalidated, req.immediate(), placed, req.solicited());
        respond(req, placed, new Packet.Response(req.psn(), Packet.Kind.ACK, null, null, 0, 0));
    }

    private long placeData(long t, List<Sge> sgl, long length) {
        HcaDataPath dp = dev.dataPath();
        long translated = t;
        long remaining = length;
        for (Sge s : sgl) {
            if (remaining <= 0) {
                break;
            }
            long n = Math.min(s.length(), remaining);
            translated = Math.max(translated, dev.translated(t, s.lkey(), s.address(), n, true));
            remaining -= n;
        }
        return dp.dmaWrite(translated, length);
    }

    private KeyCheck remoteCheck(Packet.Request req, AccessFlag right) {
        KeyCheck c = dev.keys().check(req.rkey(), qp.simPd(), req.remoteAddress(), req.length(), Set.of(right));
        if (c.ok() && !qp.qpAccess().contains(right)) {
            return KeyCheck.NO_ACCESS;
        }
        return c;
    }

    private void receiveWrite(Packet.Request req, long t) {
        KeyCheck c = remoteCheck(req, AccessFlag.REMOTE_WRITE);
        if (!c.ok()) {
            responderError(req, t, WcStatus.REM_ACCESS_ERR, AsyncEventType.QP_ACCESS_ERR, "RDMA WRITE of "
                    + req.length() + " bytes at 0x" + Long.toHexString(req.remoteAddress()) + " with rkey 0x"
                    + Integer.toHexString(req.rkey()) + ": " + c);
            return;
        }
        expectedPsn++;
        dev.keys().write(req.rkey(), req.remoteAddress(), req.payload(), 0, (int) req.length());
        HcaDataPath dp = dev.dataPath();
        long translated = dev.translated(t, req.rkey(), req.remoteAddress(), req.length(), true);
        long placed = dp.dmaWrite(translated, req.length());
        respond(req, placed, new Packet.Response(req.psn(), Packet.Kind.ACK, null, null, 0, 0));
    }

    private void receiveRead(Packet.Request req, long t) {
        KeyCheck c = remoteCheck(req, AccessFlag.REMOTE_READ);
        if (!c.ok()) {
            responderError(req, t, WcStatus.REM_ACCESS_ERR, AsyncEventType.QP_ACCESS_ERR, "RDMA READ of "
                    + req.length() + " bytes at 0x" + Long.toHexString(req.remoteAddress()) + " with rkey 0x"
                    + Integer.toHexString(req.rkey()) + ": " + c);
            return;
        }
        expectedPsn++;
        byte[] data = dev.keys().read(req.rkey(), req.remoteAddress(), (int) req.length());
        HcaDataPath dp = dev.dataPath();
        long translated = dev.translated(t, req.rkey(), req.remoteAddress(), req.length(), true, true);
        long fetched = dp.dmaRead(translated, req.length());
        respond(req, fetched, new Packet.Response(req.psn(), Packet.Kind.ACK, null, data, req.length(), 0));
    }

    /** The responder NAKs the request, raises the async event and goes to ERR itself. */
    private void responderError(Packet.Request req, long t, WcStatus requesterStatus, AsyncEventType event, String why) {
        respond(req, t, new Packet.Response(req.psn(), Packet.Kind.NAK, requesterStatus, null, 0, 0));
        dev.raise(event, qp, "QP 0x" + Integer.toHexString(qp.qpNum()) + ": " + why);
        qp.moveToError();
    }

    /** Sends a response back; responses leave in request order. */
    private void respond(Packet.Request req, long t, Packet.Response resp) {
        long at = Math.max(t, lastResponseAt);
        lastResponseAt = at;
        SimQueuePair requester = req.source();
        long payload = resp.readData() != null || resp.length() > 0 ? resp.length() : 0;
        long arrival = dev.fabric().transmit(at, dev, requester.device(), payload);
        loop.at(arrival, () -> requester.onResponse(resp, req.sourceEpoch()));
    }

    void completeRecv(RecvWqe r, WcStatus status, long length, OptionalInt invalidated,
                              OptionalInt immediate, long doneAt) {
        completeRecv(r, status, length, invalidated, immediate, doneAt, false);
    }

    /** {@code solicited}: the SEND asked for a solicited event, which a CQ armed solicited-only waits for. */
    private void completeRecv(RecvWqe r, WcStatus status, long length, OptionalInt invalidated,
                              OptionalInt immediate, long doneAt, boolean solicited) {
        long cqeAt = dev.dataPath().writeCqe(Math.max(Math.max(doneAt, loop.now()), lastRecvCqeAt));
        lastRecvCqeAt = cqeAt;
        WorkCompletion wc = new WorkCompletion(r.wr(), status, WcOpcode.RECV, length, invalidated, immediate, qp, cqeAt);
        loop.at(cqeAt, () -> qp.recvCq().add(wc, solicited));
    }
}
