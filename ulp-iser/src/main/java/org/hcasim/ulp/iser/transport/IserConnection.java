package org.hcasim.ulp.iser.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.hcasim.host.Host;
import org.hcasim.ulp.iser.pdu.IserHeader;
import org.hcasim.ulp.iser.pdu.Pdu;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * The verbs side of one iSER connection, initiator or target: an RC QP and its CQ, receive buffers each taking one
 * control-type PDU (iSER header, BHS and up to the negotiated data segment), and the SEND of a PDU from a buffer
 * its caller owns. Every incoming PDU is decoded and handed to the connection's handler inside the CQ's polling
 * task, then its buffer is posted again; immediate data must be copied out before the handler returns (isert's
 * copy into the command's pages). A failed receive (the QP went to ERR) is reported once to the failure handler.
 */
public final class IserConnection {

    /** iSER header plus BHS: the control part of every SEND. */
    public static final int HEADERS_BYTES = IserHeader.BYTES + Pdu.BHS_BYTES;

    /** One PDU as it arrived: its iSER header, the PDU, where its data segment lies, and the receive's completion. */
    public record Received(IserHeader header, Pdu pdu, long dataIova, WorkCompletion completion) {
    }

    private final Host host;
    private final ProtectionDomain pd;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final Consumer<Received> handler;
    private final Consumer<String> failure;
    private final CompletionCallback onReceive = this::onReceive;
    private boolean failed;
    /** Every receive buffer this connection allocated (freed when it is torn down). */
    private final List<Long> receiveBuffers = new ArrayList<>();
    /** A target's connection: what arrives while the target is stopped (fault.target.*) waits until it resumes. */
    private boolean holdWhileStopped;

    /** A connection on {@code qp}; it posts no receives until {@link #postReceives} is called. */
    public IserConnection(Host host, ProtectionDomain pd, CompletionQueue cq, QueuePair qp, Consumer<Received> handler,
                          Consumer<String> failure) {
        this.host = host;
        this.pd = pd;
        this.cq = cq;
        this.qp = qp;
        this.handler = handler;
        this.failure = failure;
    }

    public QueuePair qp() {
        return qp;
    }

    public CompletionQueue cq() {
        return cq;
    }

    public ProtectionDomain pd() {
        return pd;
    }

    /** Posts {@code count} receive buffers of the headers plus {@code dataBytes} of data segment each. */
    public void postReceives(int count, int dataBytes) {
        List<WorkRequest.Recv> recvs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            long buffer = host.memory().allocate(HEADERS_BYTES + dataBytes, 64);
            receiveBuffers.add(buffer);
            recvs.add(new WorkRequest.Recv(List.of(new Sge(buffer, HEADERS_BYTES + dataBytes, pd.localDmaLkey())), onReceive));
        }
        qp.postRecv(recvs);
    }

    /** Makes this a target's connection that a stopped target (fault.target.*) does not read until it resumes. */
    public void holdWhileTargetStopped() {
        holdWhileStopped = true;
    }

    private void onReceive(WorkCompletion wc) {
        if (!wc.ok()) {
            fail("receive completed with " + wc.status());
            return;
        }
        if (holdWhileStopped) {
            long resumes = host.dataFaults().targetResumesAt(host.now());
            if (resumes >= 0) { // its HCA acknowledged the PDU; the target thread gets to it when it runs again
                host.timer(resumes - host.now(), Math.max(0, host.currentCore()), "iscsi target resumes", () -> {
                    host.dataFaults().heldCommand(!failed);
                    if (!failed) {
                        handle(wc);
                    }
                });
                return;
            }
        }
        handle(wc);
    }

    private void handle(WorkCompletion wc) {
        WorkRequest.Recv recv = (WorkRequest.Recv) wc.request();
        long buffer = recv.sgl().get(0).address();
        int length = (int) wc.byteLength();
        Received r;
        try {
            if (length < HEADERS_BYTES) {
                throw new IllegalArgumentException("a " + length + "-byte SEND is shorter than the iSER and iSCSI headers");
            }
            byte[] head = new byte[HEADERS_BYTES];
            host.memory().read(buffer, head, 0, HEADERS_BYTES);
            IserHeader header = IserHeader.decode(head, 0);
            int dsl = Pdu.dataSegmentLength(head, IserHeader.BYTES);
            boolean command = Pdu.opcodeOf(head, IserHeader.BYTES) == Pdu.OP_SCSI_COMMAND;
            if (dsl > length - HEADERS_BYTES) {
                throw new IllegalArgumentException("PDU announces " + dsl + " data bytes, " + (length - HEADERS_BYTES) + " arrived");
            }
            byte[] pdu = head;
            if (!command && dsl > 0) {
                pdu = new byte[HEADERS_BYTES + dsl];
                host.memory().read(buffer, pdu, 0, pdu.length);
            }
            r = new Received(header, Pdu.decode(pdu, IserHeader.BYTES, pdu.length - IserHeader.BYTES),
                    buffer + HEADERS_BYTES, wc);
        } catch (IllegalArgumentException e) {
            fail("malformed PDU: " + e.getMessage());
            return;
        }
        handler.accept(r);
        if (!failed) {
            qp.postRecv(List.of(recv));
        }
    }

    /** The bytes of a SEND: iSER header, BHS, data segment. */
    public static byte[] frame(IserHeader header, Pdu pdu) {
        byte[] p = pdu.encode();
        byte[] b = new byte[IserHeader.BYTES + p.length];
        header.encode(b, 0);
        System.arraycopy(p, 0, b, IserHeader.BYTES, p.length);
        return b;
    }

    /**
     * Sends {@code frame} from {@code txBuffer} (owned by the caller until the SEND is done), with {@code extra}
     * as a second SGE (immediate data) when not null, after the {@code before} requests (registration), as a
     * SEND_WITH_INV of {@code invalidateRkey} when that is not 0.
     */
    public void send(long txBuffer, byte[] frame, Sge extra, List<WorkRequest.SendRequest> before, int invalidateRkey,
                     boolean signaled, CompletionCallback done) {
        host.memory().write(txBuffer, frame, 0, frame.length);
        List<Sge> sgl = extra == null ? List.of(new Sge(txBuffer, frame.length, pd.localDmaLkey()))
                : List.of(new Sge(txBuffer, frame.length, pd.localDmaLkey()), extra);
        SendFlag[] flags = signaled ? new SendFlag[] {SendFlag.SIGNALED} : new SendFlag[0];
        WorkRequest.SendRequest send = invalidateRkey != 0
                ? WorkRequest.SendWithInvalidate.of(sgl, invalidateRkey, done, flags)
                : WorkRequest.Send.of(sgl, done, flags);
        if (before.isEmpty()) {
            qp.postSend(send);
        } else {
            List<WorkRequest.SendRequest> wrs = new ArrayList<>(before.size() + 1);
            wrs.addAll(before);
            wrs.add(send);
            qp.postSend(wrs);
        }
    }

    /** Reports a failure once (the connection is then unusable). */
    public void fail(String why) {
        if (!failed) {
            failed = true;
            failure.accept(why);
        }
    }

    /** The connection is torn down (its QP destroyed): its receive buffers go back to host memory. */
    public void freeReceiveBuffers() {
        for (long b : receiveBuffers) {
            host.memory().free(b);
        }
        receiveBuffers.clear();
    }

    public boolean failed() {
        return failed;
    }
}
