package org.hcasim.core.verbs;

import java.util.List;
import java.util.OptionalInt;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.verbs.mkey.AccessBits;
import org.hcasim.core.verbs.mkey.KeyCheck;
import org.hcasim.core.verbs.mkey.Mkey;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.QpAddress;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;

/**
 * The responder of an RC QP, as stages of the receiving HCA:
 *
 * <ol>
 *   <li><b>arrived</b>: a QP not ready to receive, or a request from another peer, drops it (the requester's ACK
 *       timer runs out); a PSN ahead of the expected one is dropped too (the requester goes back), one behind is a
 *       duplicate that is only acknowledged; the first packet in RTR raises COMM_EST;</li>
 *   <li><b>received</b>: the receive engine;</li>
 *   <li><b>checked and placed</b>: a SEND takes the next receive (none: RNR NAK) and is scattered into it, an RDMA
 *       WRITE is checked against its rkey and written, an RDMA READ is checked and its data DMA-read; translation
 *       and the PCIe transfer give the time;</li>
 *   <li><b>answered</b>: ACK (with the read data), RNR NAK or NAK, in request order on the wire back.</li>
 * </ol>
 *
 * A responder-side error NAKs the requester, raises the async event and moves the QP to ERR.
 */
final class ResponderStages {

    private final SimQueuePair qp;
    private final SimRdmaDevice dev;
    private final EventLoop loop;
    private final ReceiveQueue receives;
    private long expectedPsn;
    private long lastResponseAt;
    private boolean commEstablished;
    /** An RNR NAK or a sequence-error NAK went out for {@link #expectedPsn}: later requests are dropped silently. */
    private boolean nakOutstanding;
    /** The device of the peer QP responses go to, resolved for {@link #peerResolvedFor}. */
    private SimRdmaDevice peerDevice;
    private QpAddress peerResolvedFor;

    ResponderStages(SimQueuePair qp, ReceiveQueue receives) {
        this.qp = qp;
        this.dev = qp.device();
        this.loop = dev.loop();
        this.receives = receives;
    }

    /** QP to RESET: sequence numbers restart. */
    void reset() {
        expectedPsn = 0;
        commEstablished = false;
        nakOutstanding = false;
    }

    // ---------------------------------------------------------------- arrived

    /** A request arrived from the fabric. */
    void onRequest(Packet.Request req) {
        QpAddress peer = qp.states().remote();
        if (!qp.states().receiving() || !(req.source() == peer || req.source().equals(peer))) {
            dev.fabric().lost(req); // silently dropped, as a QP not ready to receive does
            return;
        }
        if (req.psn() > expectedPsn) {
            outOfSequence(req);
            return;
        }
        if (req.psn() < expectedPsn) { // duplicate of an executed request: acknowledged again, a READ served again
            if (req.op() == Packet.Op.READ) {
                receiveRead(req, dev.dataPath().receiveEngine(loop.now(), req.length()), false);
            } else {
                respond(req, loop.now(), new Packet.Response(req.source(), req.psn(), Packet.Kind.ACK, null, null, 0, 0, req.sourceEpoch()));
            }
            return;
        }
        nakOutstanding = false;
        if (qp.states().state() == QpState.RTR && !commEstablished) {
            commEstablished = true;
            dev.raise(AsyncEventType.COMM_EST, qp, "first packet on " + qp.name() + " in RTR");
        }
        long t = dev.dataPath().receiveEngine(loop.now(), req.length());
        switch (req.op()) {
            case SEND, SEND_INV -> receiveSend(req, t);
            case WRITE -> receiveWrite(req, t);
            case READ -> receiveRead(req, t, true);
        }
    }

    /**
     * A request beyond the expected PSN arrived (one before it was lost): after an RNR NAK it is dropped (the requester
     * goes back when the RNR timer expires); otherwise the first such request gets a sequence-error NAK naming the
     * expected PSN, and later ones are dropped until it arrives.
     */
    void outOfSequence(Packet.Request req) {
        QpAddress peer = qp.states().remote();
        if (!qp.states().receiving() || !(req.source() == peer || req.source().equals(peer)) || req.psn() < expectedPsn
                || nakOutstanding) {
            return;
        }
        nakOutstanding = true;
        respond(req, loop.now(), new Packet.Response(req.source(), expectedPsn, Packet.Kind.SEQUENCE_NAK, null, null, 0, 0, req.sourceEpoch()));
    }

    // ---------------------------------------------------------------- checked and placed

    private void receiveSend(Packet.Request req, long t) {
        Mkey toInvalidate = null;
        if (req.op() == Packet.Op.SEND_INV) {
            toInvalidate = dev.keys().find(req.invalidateKey());
            if (toInvalidate == null || !toInvalidate.fastRegistration() || toInvalidate.pd() != qp.simPd()) {
                responderError(req, t, WcStatus.REM_ACCESS_ERR, AsyncEventType.QP_ACCESS_ERR,
                        "SEND_WITH_INV names key 0x" + Integer.toHexString(req.invalidateKey())
                                + " that this PD cannot invalidate");
                return;
            }
        }
        WorkRequest.Recv r = receives.take();
        if (r != null && qp.srq() != null) {
            t = qp.srq().wqeOnHca(t); // the SRQ's linked list: its WQE may still be on its way
        }
        if (r == null) {
            nakOutstanding = true;
            respond(req, t, new Packet.Response(req.source(), req.psn(), Packet.Kind.RNR_NAK, null, null, 0,
                    qp.states().minRnrTimer(), req.sourceEpoch()));
            return;
        }
        expectedPsn++;
        if (r.capacity() < req.length()) {
            receives.complete(r, WcStatus.LOC_LEN_ERR, 0, OptionalInt.empty(), OptionalInt.empty(), t);
            responderError(req, t, WcStatus.REM_INV_REQ_ERR, AsyncEventType.QP_REQ_ERR, "a " + req.length()
                    + "-byte SEND does not fit the " + r.capacity() + "-byte receive");
            return;
        }
        long remaining = req.length();
        List<Sge> sgl = r.sgl();
        for (int i = 0; i < sgl.size(); i++) { // by index: the list's iterator was an allocation per receive
            Sge s = sgl.get(i);
            if (remaining <= 0) {
                break;
            }
            long n = Math.min(s.length(), remaining);
            KeyCheck c = dev.keys().check(s.lkey(), qp.simPd(), s.address(), n, AccessBits.LOCAL_WRITE);
            if (!c.ok()) {
                WcStatus local = c == KeyCheck.NO_ACCESS ? WcStatus.LOC_ACCESS_ERR : WcStatus.LOC_PROT_ERR;
                receives.complete(r, local, 0, OptionalInt.empty(), OptionalInt.empty(), t);
                responderError(req, t, WcStatus.REM_OP_ERR, AsyncEventType.QP_FATAL, "receive buffer key 0x"
                        + Integer.toHexString(s.lkey()) + " failed its check: " + c);
                return;
            }
            remaining -= n;
        }
        dev.keys().scatter(r.sgl(), req.payload(), req.length());
        OptionalInt invalidated = OptionalInt.empty();
        if (toInvalidate != null) {
            toInvalidate.invalidate();
            invalidated = OptionalInt.of(req.invalidateKey());
        }
        long placed = placeData(t, r.sgl(), req.length());
        receives.complete(r, WcStatus.SUCCESS, req.length(), invalidated, req.immediate(), placed, req.solicited());
        respond(req, placed, new Packet.Response(req.source(), req.psn(), Packet.Kind.ACK, null, null, 0, 0, req.sourceEpoch()));
    }

    private long placeData(long t, List<Sge> sgl, long length) {
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
        return dev.dataPath().dmaWrite(translated, length);
    }

    /**
     * Whether the rkey of an RDMA WRITE or READ grants {@code right} ({@link AccessBits}) over its range, and the
     * QP too; if not, the responder NAKs with REM_ACCESS_ERR and goes to ERR.
     */
    private boolean remoteAccessGranted(Packet.Request req, long t, int right, String what) {
        KeyCheck c = dev.keys().check(req.rkey(), qp.simPd(), req.remoteAddress(), req.length(), right);
        if (c.ok() && !qp.states().allows(right)) {
            c = KeyCheck.NO_ACCESS;
        }
        if (!c.ok()) {
            responderError(req, t, WcStatus.REM_ACCESS_ERR, AsyncEventType.QP_ACCESS_ERR, what + " of "
                    + req.length() + " bytes at 0x" + Long.toHexString(req.remoteAddress()) + " with rkey 0x"
                    + Integer.toHexString(req.rkey()) + ": " + c);
        }
        return c.ok();
    }

    private void receiveWrite(Packet.Request req, long t) {
        if (!remoteAccessGranted(req, t, AccessBits.REMOTE_WRITE, "RDMA WRITE")) {
            return;
        }
        expectedPsn++;
        dev.keys().write(req.rkey(), req.remoteAddress(), req.payload(), 0, (int) req.length());
        long translated = dev.translated(t, req.rkey(), req.remoteAddress(), req.length(), true);
        long placed = dev.dataPath().dmaWrite(translated, req.length());
        respond(req, placed, new Packet.Response(req.source(), req.psn(), Packet.Kind.ACK, null, null, 0, 0, req.sourceEpoch()));
    }

    /** Serves an RDMA READ: a new one ({@code advance}: the expected PSN moves on) or a duplicate, served again. */
    private void receiveRead(Packet.Request req, long t, boolean advance) {
        if (!remoteAccessGranted(req, t, AccessBits.REMOTE_READ, "RDMA READ")) {
            return;
        }
        if (advance) {
            expectedPsn++;
        }
        DmaFaults.beforeRead(dev, req.rkey(), req.remoteAddress(), req.length());
        byte[] data = dev.keys().read(req.rkey(), req.remoteAddress(), (int) req.length());
        // serving a READ reads memory on the receive side (through an integrity key: the signature engine gathers)
        long translated = dev.translated(t, req.rkey(), req.remoteAddress(), req.length(), true, true);
        long fetched = dev.dataPath().dmaRead(translated, req.length());
        respond(req, fetched, new Packet.Response(req.source(), req.psn(), Packet.Kind.ACK, null, data, req.length(), 0, req.sourceEpoch()));
    }

    /** The responder NAKs the request, raises the async event and goes to ERR itself. */
    private void responderError(Packet.Request req, long t, WcStatus requesterStatus, AsyncEventType event, String why) {
        respond(req, t, new Packet.Response(req.source(), req.psn(), Packet.Kind.NAK, requesterStatus, null, 0, 0, req.sourceEpoch()));
        dev.raise(event, qp, qp.name() + ": " + why);
        qp.moveToError();
    }

    // ---------------------------------------------------------------- answered

    /** Sends a response back to the requester (the QP's peer); responses leave in request order. */
    private void respond(Packet.Request req, long t, Packet.Response resp) {
        long at = Math.max(t, lastResponseAt);
        lastResponseAt = at;
        long payload = resp.readData() != null || resp.length() > 0 ? resp.length() : 0;
        dev.fabric().send(at, dev, peerDevice(req.source()), payload, resp, req);
    }

    private SimRdmaDevice peerDevice(QpAddress peer) {
        if (peer != peerResolvedFor) {
            peerDevice = dev.fabric().deviceAt(peer);
            peerResolvedFor = peer;
        }
        return peerDevice;
    }
}
