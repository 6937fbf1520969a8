package org.hcasim.ulp.iser.target;

import java.util.ArrayDeque;
import java.util.List;
import org.hcasim.block.BlockCompletion;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.RegistrationNeeds;
import org.hcasim.ulp.iser.pdu.IserCmHeader;
import org.hcasim.ulp.iser.pdu.IserHeader;
import org.hcasim.ulp.iser.pdu.LoginRequest;
import org.hcasim.ulp.iser.pdu.LogoutRequest;
import org.hcasim.ulp.iser.pdu.LogoutResponse;
import org.hcasim.ulp.iser.pdu.NopIn;
import org.hcasim.ulp.iser.pdu.NopOut;
import org.hcasim.ulp.iser.pdu.Pdu;
import org.hcasim.ulp.iser.pdu.ScsiCommand;
import org.hcasim.ulp.iser.pdu.ScsiResponse;
import org.hcasim.ulp.iser.pdu.TextParameters;
import org.hcasim.ulp.iser.pdu.TextRequest;
import org.hcasim.ulp.iser.pdu.TextResponse;
import org.hcasim.ulp.iser.scsi.SenseData;
import org.hcasim.ulp.iser.settings.TargetSettings;
import org.hcasim.ulp.iser.transport.IserConnection;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.DeviceCapability;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.hcasim.verbs.RdmaDevice;

/**
 * One accepted iSER connection (isert_conn with LIO's iscsi_conn; one per session): its QP and a CQ polled from a
 * work queue, the login buffer and, once logged in, a receive per command the CmdSN window allows; the login; and
 * in full feature phase the commands, checked against the window (ExpCmdSN..MaxCmdSN; MaxCmdSN moves on with
 * every response, as iscsit_increment_maxcmdsn), SendTargets for a discovery session, and logout. Responses are
 * signaled SENDs, SEND_WITH_INV of the command's STag when the initiator takes remote invalidation.
 */
final class TargetConnection {
    /** ISCSI_DEF_MAX_RECV_SEG_LEN: the login buffer's data part. */
    static final int LOGIN_DATA_BYTES = 8192;
    private static final int MISC_PDUS = 4;
    /** rdma_rw_init_mrs: pages an integrity MR maps, for data and for PI each. */
    private static final int MAX_PAGES = 256;

    private final IserTarget target;
    private final Host host;
    private final TargetSettings settings;
    private final ProtectionDomain pd;
    private final CmId id;
    private final boolean sendWithInvalidate;
    private final boolean movesPi;
    private final IserConnection conn;
    private final TargetLogin login;
    private final long controlTx;
    private final ArrayDeque<Long> txBuffers = new ArrayDeque<>();
    private CommandExecutor executor;
    private IsertTransfer transfer;
    private boolean fullFeature;
    private boolean closed;
    /** The entries claimed on the pool CQ, and whether they were given back. */
    private final int cqSize;
    private boolean cqReturned;
    private int statSn = 1;
    private int expCmdSn;
    private int maxCmdSn;

    TargetConnection(IserTarget target, ProtectionDomain pd, CmId id, IserCmHeader initiator) {
        this.target = target;
        this.host = target.host();
        this.settings = target.settings();
        this.pd = pd;
        this.id = id;
        this.sendWithInvalidate = !initiator.sendWithInvalidateNotSupported();
        var device = pd.device();
        this.movesPi = settings.t10Pi() && device.attributes().has(DeviceCapability.INTEGRITY_HANDOVER);
        int depth = settings.cmdsnDepth();
        int sendWrs = 4 * depth + MISC_PDUS;
        int recvWrs = depth + MISC_PDUS;
        // isert_create_qp: its send and receive WRs (+ 2 in isert's own cq_size) from the shared pool, any vector,
        // polled from a work queue; given back when the connection drops (isert_destroy_qp)
        this.cqSize = sendWrs + recvWrs;
        CompletionQueue cq = target.cqPolicy().poolGet(device, cqSize, RdmaDevice.ANY_VECTOR, PollContext.WORKQUEUE);
        QueuePair qp = pd.createQp(new QpInit(cq, cq, null, sendWrs, recvWrs, 2, 1, 0, false, movesPi));
        qp.modify(QpAttributes.toInit(AccessFlag.all()));
        this.conn = new IserConnection(host, pd, cq, qp, this::onPdu, this::dropped);
        conn.holdWhileTargetStopped();
        conn.postReceives(1, LOGIN_DATA_BYTES);
        this.controlTx = host.memory().allocate(IserConnection.HEADERS_BYTES + LOGIN_DATA_BYTES, 64);
        this.login = new TargetLogin(target, settings, movesPi);
    }

    /** Accepts the connection with isert's CM header (no ZBVA; remote invalidation when the initiator takes it). */
    void accept() {
        id.accept(conn.qp(), new IserCmHeader(true, !sendWithInvalidate).encode());
    }

    private void onPdu(IserConnection.Received r) {
        if (closed) {
            return;
        }
        switch (r.pdu()) {
            case LoginRequest req when !fullFeature -> onLogin(req);
            case ScsiCommand cmd when fullFeature && !login.discovery() -> onCommand(r, cmd);
            case TextRequest req when fullFeature && login.discovery() -> sendTargets(req);
            case LogoutRequest req when fullFeature -> logout(req);
            case NopOut ping when fullFeature -> nopIn(ping);
            default -> protocolError("unexpected " + r.pdu().getClass().getSimpleName()
                    + (fullFeature ? " in full feature phase" : " during login"));
        }
    }

    private void onLogin(LoginRequest req) {
        TargetLogin.Step step = login.onRequest(req, statSn++);
        if (step.complete()) {
            expCmdSn = req.cmdSn();
            maxCmdSn = step.response().maxCmdSn();
            if (!login.discovery()) {
                enterFullFeature();
            }
            fullFeature = true;
        }
        CompletionCallback sent = step.refused() ? wc -> close("login refused with status 0x"
                + Integer.toHexString(step.response().status())) : CompletionCallback.IGNORE;
        sendControl(step.response(), sent);
    }

    /** isert_put_login_tx on the last login response: the command resources and receives, before the response goes. */
    private void enterFullFeature() {
        int depth = settings.cmdsnDepth();
        transfer = new IsertTransfer(pd, conn.qp(), movesPi ? target.registrationPolicy().forQueue(pd,
                new RegistrationNeeds(depth, MAX_PAGES, true, IsertTransfer.PAGE_SIZE)) : null);
        executor = new CommandExecutor(this, host, login.node(), transfer);
        for (int i = 0; i < depth; i++) {
            txBuffers.add(host.memory().allocate(IserConnection.HEADERS_BYTES + 2 + SenseData.BYTES, 64));
        }
        conn.postReceives(depth + MISC_PDUS - 1, settings.maxRecvDataSegmentLength());
    }

    private void onCommand(IserConnection.Received r, ScsiCommand cmd) {
        host.charge(settings.commandCpuNs());
        if (!cmd.immediate()) { // iscsit_sequence_cmd
            if (cmd.cmdSn() - maxCmdSn > 0) {
                protocolError("CmdSN " + cmd.cmdSn() + " beyond MaxCmdSN " + maxCmdSn);
                return;
            }
            if (cmd.cmdSn() != expCmdSn) {
                protocolError("CmdSN " + cmd.cmdSn() + " out of order, expected " + expCmdSn);
                return;
            }
            expCmdSn++;
        }
        executor.execute(new TargetCommand(cmd, r.header()), r.dataIova());
    }

    /** The backstore finished {@code c} (in target_completion_wq): respond with GOOD or its sense. */
    void completed(TargetCommand c, BlockCompletion result) {
        respond(c, result.ok() ? null : CommandExecutor.sense(result, c));
    }

    /** The SCSI Response of {@code c}: GOOD without sense, CHECK CONDITION with it. */
    void respond(TargetCommand c, SenseData sense) {
        send(c, sense, null, 0);
    }

    /** GOOD after the read data ({@code data}, chained before the response) with {@code residual} bytes not sent. */
    void respondWithData(TargetCommand c, WorkRequest.RdmaWrite data, int residual) {
        send(c, null, data, residual);
    }

    private void send(TargetCommand c, SenseData sense, WorkRequest.RdmaWrite data, int residual) {
        if (closed) {
            release(c);
            return;
        }
        host.charge(settings.responseCpuNs());
        maxCmdSn++;
        ScsiResponse rsp = new ScsiResponse(residual > 0 ? ScsiResponse.UNDERFLOW : 0, ScsiResponse.COMPLETED,
                CommandExecutor.status(sense), c.pdu.itt(), statSn++, expCmdSn, maxCmdSn, Math.max(0, residual),
                sense == null ? new byte[0] : sense.encode());
        long tx = txBuffers.poll();
        conn.send(tx, IserConnection.frame(IserHeader.control(), rsp), null, data == null ? List.of() : List.of(data),
                sendWithInvalidate ? c.invalidateRkey() : 0, true, wc -> sent(c, tx, wc));
    }

    private void sent(TargetCommand c, long tx, WorkCompletion wc) {
        txBuffers.add(tx);
        release(c);
        if (!wc.ok()) {
            dropped("response SEND completed with " + wc.status());
        }
    }

    /** A transfer of {@code c} failed: the command is over and the connection goes down. */
    void abort(TargetCommand c, String why) {
        release(c);
        dropped(why);
    }

    /** Frees {@code buffer} if the command has it; returns "none" (-1). */
    private long free(long buffer) {
        if (buffer >= 0) {
            host.memory().free(buffer);
        }
        return -1;
    }

    private void release(TargetCommand c) {
        c.dataBuffer = free(c.dataBuffer);
        c.metaBuffer = free(c.metaBuffer);
        if (transfer != null) {
            transfer.release(c);
        }
    }

    private void sendTargets(TextRequest req) {
        if (!"All".equals(req.keys().get("SendTargets").orElse(""))) {
            protocolError("text request " + req.keys() + ": only SendTargets=All is served");
            return;
        }
        List<TextParameters.Pair> pairs = new java.util.ArrayList<>();
        for (TargetNode n : target.nodes()) {
            pairs.add(new TextParameters.Pair("TargetName", n.iqn()));
            pairs.add(new TextParameters.Pair("TargetAddress", target.address() + ",1"));
        }
        sendControl(new TextResponse(true, false, req.itt(), 0xFFFF_FFFF, statSn++, expCmdSn, maxCmdSn,
                new TextParameters(pairs)), CompletionCallback.IGNORE);
    }

    private void logout(LogoutRequest req) {
        sendControl(new LogoutResponse(LogoutResponse.CLOSED, req.itt(), statSn++, expCmdSn, maxCmdSn, 2, 20),
                CompletionCallback.IGNORE);
    }

    /** iscsit_handle_nop_out: a ping with a task tag is answered with a NOP-In (StatSN advanced, as LIO does). */
    private void nopIn(NopOut ping) {
        if (ping.itt() == NopOut.RESERVED_TAG) {
            return;
        }
        sendControl(new NopIn(ping.itt(), NopOut.RESERVED_TAG, statSn++, expCmdSn, maxCmdSn), CompletionCallback.IGNORE);
    }

    private void sendControl(Pdu pdu, CompletionCallback sent) {
        conn.send(controlTx, IserConnection.frame(IserHeader.control(), pdu), null, List.of(), 0, true, sent);
    }

    private void protocolError(String why) {
        close(why);
    }

    private void close(String why) {
        if (!closed) {
            closed = true;
            target.log("connection from " + id.remoteHost() + (login.initiatorName() == null ? "" : " (" + login.initiatorName()
                    + ")") + ": " + why + "; closing");
            id.disconnect();
        }
    }

    /** The CM reported the disconnect: the CQ entries go back to the pool (isert_destroy_qp), once. */
    void released() {
        if (!cqReturned) {
            cqReturned = true;
            pd.device().cqPoolPut(conn.cq(), cqSize);
        }
    }

    /** The connection went down (the QP flushed, or the peer disconnected). */
    void dropped(String why) {
        if (!closed) {
            closed = true;
            if (!why.contains("WR_FLUSH_ERR")) {
                target.log("connection from " + id.remoteHost() + ": " + why);
            }
            conn.fail(why); // nothing held for a stopped target is worked off on a closed connection
        }
    }
}
