package org.hcasim.ulp.iser.initiator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.RegistrationNeeds;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.ulp.iser.login.SessionParameters;
import org.hcasim.ulp.iser.pdu.IserCmHeader;
import org.hcasim.ulp.iser.pdu.IserHeader;
import org.hcasim.ulp.iser.pdu.LoginResponse;
import org.hcasim.ulp.iser.pdu.LogoutRequest;
import org.hcasim.ulp.iser.pdu.LogoutResponse;
import org.hcasim.ulp.iser.pdu.NopIn;
import org.hcasim.ulp.iser.pdu.NopOut;
import org.hcasim.ulp.iser.pdu.ScsiCommand;
import org.hcasim.ulp.iser.pdu.ScsiResponse;
import org.hcasim.ulp.iser.pdu.TextParameters;
import org.hcasim.ulp.iser.pdu.TextRequest;
import org.hcasim.ulp.iser.pdu.TextResponse;
import org.hcasim.ulp.iser.scsi.SenseData;
import org.hcasim.ulp.iser.settings.InitiatorSettings;
import org.hcasim.ulp.iser.transport.IserConnection;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.DeviceCapability;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.host.QpTeardown;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SignatureError;

/**
 * One iSCSI session over iSER with one connection (libiscsi + ib_iser): the RDMA CM connection with the iSER CM
 * header, the login, and in full feature phase the SCSI commands: a task tag each (at most cmds_max), CmdSN
 * within the target's window (ExpCmdSN..MaxCmdSN, from every response), the memory made reachable by its
 * {@link TaskMapper} (the session's registration policy; an integrity MR when PI is handed to the HCA; the iSER
 * header naming the STags; immediate data as a second SGE of the SEND), every 32nd SEND signaled (ISER_SIGNAL_CMD_COUNT). A
 * response completes its task: remote invalidation checked, the HCA's signature status checked for a protected
 * task (check_protection), the registration back to its pool (still-valid MRs are invalidated when next used).
 * A discovery session does SendTargets and logs out.
 *
 * <p>Session recovery as libiscsi and iscsid do it (ErrorRecoveryLevel 0; docs/faults.md): when the connection of a
 * logged-in session fails (a work completion in error, the peer's disconnect, a NOP-Out ping not answered), the
 * session goes to recovery: the commands in flight are failed with DID_TRANSPORT_DISRUPTED, which the SCSI midlayer
 * requeues (sd's five retries), and they and every new command wait while iscsid tears the connection down (its QP,
 * CQ and MRs destroyed) and logs in again on a new one, DefaultTime2Wait (2 s) later and then every 2 s, each attempt
 * allowed login_timeout to connect and again to log in. A relogin sends the waiting commands again; when none
 * succeeded within replacement_timeout of the failure, the waiting commands fail with EIO and so does every new one
 * until a relogin succeeds.
 *
 * <p>Over 600 lines on purpose: libiscsi keeps the CmdSN window, the task tags, login, logout and recovery of a
 * session in one state machine, and each transition touches the tasks in flight, the requeued ones and the
 * connection; the parts with state of their own are apart ({@link TaskMapper}, {@link LoginExchange},
 * {@link PingTimer}, {@link IserConnection}).
 */
final class IserSession {
    /** The iSCSI port (iSER listens on the RDMA CM port space with it). */
    static final long ISCSI_PORT = 3260;
    /** ISER_DEF_MAX_SECTORS: 256 KiB per command. */
    static final int MAX_SECTORS = 512;
    static final int PAGE_SIZE = 4096;
    /** ISER_RECV_DATA_SEG_LEN: data bytes of a full-feature receive buffer (sense data fits). */
    static final int FFP_RECV_DATA_BYTES = 128;
    /** ISER_SIGNAL_CMD_COUNT. */
    private static final int SIGNAL_EVERY = 32;
    /** ISER_MAX_RX_MISC_PDUS / ISER_MAX_TX_MISC_PDUS: receives and sends beyond the commands (NOP, logout, ...). */
    private static final int MISC_PDUS = 4;
    /** sd's SD_MAX_RETRIES: times the midlayer requeues a command the transport disrupted. */
    static final int MAX_RETRIES = 5;
    /**
     * iscsid waits the negotiated DefaultTime2Wait (2 s) before the first relogin and ISCSI_CONN_ERR_REOPEN_DELAY
     * (2 s) between later ones.
     */
    static final long REOPEN_DELAY_NS = 2_000_000_000L;
    private static final long LUN_0 = 0;

    private final Host host;
    private final ProtectionDomain pd;
    private final InitiatorSettings settings;
    private final RegistrationPolicy policy;
    private final CqPolicy cqPolicy;
    private final String initiatorName;
    private final String targetHost;
    /** Null for a discovery session. */
    final String targetName;
    private final int number;
    private final boolean remoteInvalidation;
    private IserConnection conn;
    private CmId cmId;
    private boolean integrity;
    /** How the session's commands reach the target, with its registration's MR pools (normal sessions). */
    private TaskMapper mapper;
    private LoginExchange login;
    private SessionParameters params;
    private long controlTx;
    private long[] taskTx;
    private ScsiTask[] byItt;
    private final ArrayDeque<Integer> freeItts = new ArrayDeque<>();
    private final ArrayDeque<ScsiTask> waiting = new ArrayDeque<>();
    private int cmdSn = 1;
    private int expCmdSn = 1;
    private int maxCmdSn = 1;
    private int expStatSn;
    private int sends;
    /** Where the session is: before its first login, logged in, in recovery, recovery timed out, or ended. */
    private enum State { NEW, LOGGED_IN, FAILED, RECOVERY_FAILED, TERMINATED }
    private State state = State.NEW;
    /** Numbers the session's connections: callbacks of a connection that was replaced are ignored. */
    private int generation;
    private CompletionQueue cq;
    /** The entries the connection claimed on its pool CQ (ib_conn->cq_size). */
    private int cqSize;
    private QueuePair qp;
    /** Commands the midlayer requeued after a connection failure, sent again by the next relogin. */
    private final ArrayDeque<ScsiTask> held = new ArrayDeque<>();
    private org.hcasim.host.Cancellable replacementTimer;
    private long failedAtNs;
    private final PingTimer pings;
    private String failure;
    private Consumer<String> onFailure = why -> { };
    private Consumer<TextParameters> textDone;
    private Runnable logoutDone;
    private final CompletionCallback sent = CompletionCallback.IGNORE;

    IserSession(Host host, ProtectionDomain pd, InitiatorSettings settings, RegistrationPolicy policy, CqPolicy cqPolicy,
                boolean remoteInvalidation, String initiatorName, String targetHost, String targetName, int number) {
        this.host = host;
        this.pd = pd;
        this.settings = settings;
        this.policy = policy;
        this.cqPolicy = cqPolicy;
        this.remoteInvalidation = remoteInvalidation;
        this.initiatorName = initiatorName;
        this.targetHost = targetHost;
        this.targetName = targetName;
        this.number = number;
        this.pings = new PingTimer(host, settings, new Pinged());
    }

    boolean discovery() {
        return targetName == null;
    }

    boolean integrity() {
        return integrity;
    }

    SessionParameters parameters() {
        return params;
    }

    /** open-iscsi's ISID: OUI format 0x00023d, qualifier = the session number. */
    long isid() {
        return 0x0002_3D00_0000L | number;
    }

    /** Connects and logs in; exactly one of the callbacks runs, inside a task. Later failures go to {@code failed}. */
    void connect(Runnable loggedIn, Consumer<String> failed) {
        this.onFailure = failed;
        integrity = !discovery() && settings.piEnable() && pd.device().attributes().has(DeviceCapability.INTEGRITY_HANDOVER);
        controlTx = host.memory().allocate(IserConnection.HEADERS_BYTES + settings.maxRecvDataSegmentLength(), 64);
        openConnection(() -> {
            state = State.LOGGED_IN;
            loggedIn.run();
        });
    }

    /** A new connection (CQ, QP, the login buffer, the RDMA CM connect); {@code loggedIn} runs when its login succeeded. */
    private void openConnection(Runnable loggedIn) {
        int gen = ++generation;
        var device = pd.device();
        int cmds = discovery() ? 1 : settings.cmdsMax();
        int sendWrs = 4 * cmds + MISC_PDUS;
        int recvWrs = cmds + MISC_PDUS;
        // iser_create_ib_conn_res: cq_size = max_send_wr + ISER_QP_MAX_RECV_DTOS from the device's shared pool, any
        // vector (hint -1), polled in soft-IRQ
        cqSize = sendWrs + recvWrs;
        cq = cqPolicy.poolGet(device, cqSize, RdmaDevice.ANY_VECTOR, PollContext.SOFTIRQ);
        qp = pd.createQp(new QpInit(cq, cq, null, sendWrs, recvWrs, 2, 1, 0, false, integrity));
        qp.modify(QpAttributes.toInit(AccessFlag.all()));
        conn = new IserConnection(host, pd, cq, qp, r -> {
            if (gen == generation) onPdu(r);
        }, why -> connectionFailed(gen, why));
        conn.postReceives(1, settings.maxRecvDataSegmentLength()); // the login buffer (ISER_RX_LOGIN_SIZE)
        byte[] cmHeader = new IserCmHeader(true, !remoteInvalidation).encode();
        boolean[] established = {false};
        cmId = device.connectionManager().connect(targetHost, ISCSI_PORT, qp, cmHeader, event -> {
            switch (event) {
                case CmEvent.Established e -> {
                    established[0] = true;
                    if (gen == generation) startLogin(loggedIn);
                }
                case CmEvent.Rejected r -> connectionFailed(gen, "target " + targetHost + " rejected the iSER connection ("
                        + r.reason() + ")");
                case CmEvent.Unreachable u -> connectionFailed(gen, u.reason());
                case CmEvent.Disconnected d -> connectionFailed(gen, "connection to " + targetHost + " closed");
                case CmEvent.ConnectRequest c -> { }
            }
        });
        if (state != State.NEW) { // iscsid's connecting timer, then its login timer (login_timeout each)
            long limit = settings.loginTimeoutNs();
            host.timer(limit, 0, "iscsid connect timeout", () -> {
                if (gen == generation && !established[0]) {
                    connectionFailed(gen, "connect not answered within login_timeout (" + limit / 1_000_000_000L + " s)");
                }
            });
        }
    }

    private void startLogin(Runnable loggedIn) {
        if (state != State.NEW) {
            int gen = generation;
            long limit = settings.loginTimeoutNs();
            host.timer(limit, 0, "iscsid login timeout", () -> {
                if (gen == generation && login != null) {
                    connectionFailed(gen, "login not answered within login_timeout (" + limit / 1_000_000_000L + " s)");
                }
            });
        }
        login = new LoginExchange(conn, controlTx, isid(), cmdSn, LoginOffer.security(initiatorName, targetName),
                LoginOffer.operational(settings, discovery()), discovery() ? "the discovery portal of " + targetHost
                : targetName, outcome -> loggedIn(outcome, loggedIn), this::loginFailed);
        login.start();
    }

    private void loggedIn(LoginExchange.Outcome o, Runnable loggedIn) {
        params = SessionParameters.of(o.negotiated());
        if (!params.rdmaExtensions()) {
            fail("login to " + (discovery() ? targetHost : targetName) + ": the target did not accept RDMAExtensions=Yes");
            return;
        }
        expStatSn = o.statSn() + 1;
        expCmdSn = o.expCmdSn();
        maxCmdSn = o.maxCmdSn();
        login = null;
        if (!discovery()) { // a discovery session keeps using its login buffer (iser_post_rx_bufs)
            int cmds = settings.cmdsMax();
            mapper = new TaskMapper(pd, policy.forQueue(pd, new RegistrationNeeds(cmds, MAX_SECTORS * 512 / PAGE_SIZE + 1,
                    integrity, PAGE_SIZE)));
            if (byItt == null) {
                byItt = new ScsiTask[cmds];
                taskTx = new long[cmds];
                for (int i = 0; i < cmds; i++) {
                    freeItts.add(i);
                    taskTx[i] = host.memory().allocate(IserConnection.HEADERS_BYTES, 64);
                }
            }
            conn.postReceives(cmds + MISC_PDUS - 1, FFP_RECV_DATA_BYTES);
            pings.start(generation);
        }
        loggedIn.run();
    }

    /** A login the target refused or answered wrongly: the first one ends the session, a relogin is tried again. */
    private void loginFailed(String why) {
        if (state == State.NEW) {
            fail(why);
        } else {
            connectionFailed(generation, why);
        }
    }

    // ------------------------------------------------------------------ SCSI commands

    /** Queues a command (inside a task); it waits for a task tag and for the CmdSN window as libiscsi's queue does. */
    void queue(ScsiTask t) {
        if (failure != null || state == State.RECOVERY_FAILED) {
            String why = failure != null ? failure : replacementTimedOut();
            if (failure == null) {
                host.dataFaults().recovery("iser I/Os failed after replacement_timeout", false);
            }
            host.run(host.currentCore() < 0 ? 0 : host.currentCore(), Priority.SOFT_IRQ, "iscsi error completion",
                    () -> t.done.completed(t, ScsiResult.transportFailure(why)));
            return;
        }
        if (state == State.LOGGED_IN && waiting.isEmpty() && canStart()) {
            start(t);
        } else {
            waiting.add(t);
        }
    }

    private boolean canStart() {
        return !freeItts.isEmpty() && cmdSn - maxCmdSn <= 0;
    }

    private void start(ScsiTask t) {
        t.itt = freeItts.poll();
        t.cmdSn = cmdSn++;
        byItt[t.itt] = t;
        host.charge(settings.submitCpuNs());
        long transfer = t.transferLength();
        int imm = t.write ? params.immediateBytes(transfer) : 0;
        TaskMapper.Mapped m = mapper.map(t, imm);
        if (m == null) {
            release(t);
            t.done.completed(t, ScsiResult.transportFailure("the command's memory does not fit one registration"));
            return;
        }
        ScsiCommand cmd = new ScsiCommand(false, true, t.read, t.write, ScsiCommand.SIMPLE, LUN_0, t.itt, (int) transfer,
                t.cmdSn, expStatSn, t.cdb.encode(), imm);
        boolean signal = ++sends % SIGNAL_EVERY == 0;
        conn.send(taskTx[t.itt], IserConnection.frame(m.header(), cmd), m.immediate(), m.before(), 0, signal, sent);
    }

    private void onPdu(IserConnection.Received r) {
        pings.received();
        switch (r.pdu()) {
            case NopIn rsp when rsp.itt() == pingItt() -> pings.answered();
            case ScsiResponse rsp -> onScsiResponse(r, rsp);
            case LoginResponse rsp when login != null -> login.onResponse(rsp);
            case TextResponse rsp when textDone != null -> onText(rsp);
            case LogoutResponse rsp when logoutDone != null -> onLogout(rsp);
            default -> fail("unexpected " + r.pdu().getClass().getSimpleName() + " from the target");
        }
    }

    private void onScsiResponse(IserConnection.Received r, ScsiResponse rsp) {
        host.charge(settings.completeCpuNs());
        updateWindow(rsp.expCmdSn(), rsp.maxCmdSn());
        expStatSn = rsp.statSn() + 1;
        ScsiTask t = byItt != null && rsp.itt() >= 0 && rsp.itt() < byItt.length ? byItt[rsp.itt()] : null;
        if (t == null) {
            fail("SCSI response for task 0x" + Integer.toHexString(rsp.itt()) + ", which is not outstanding");
            return;
        }
        OptionalInt invalidated = r.completion().invalidatedRkey();
        if (invalidated.isPresent() && (t.registration == null || t.registration.key() != invalidated.getAsInt())) {
            fail(String.format("bogus remote invalidation of rkey 0x%x for task 0x%x", invalidated.getAsInt(), t.itt));
            return;
        }
        ScsiResult result = ScsiResult.GOOD;
        if (rsp.status() != ScsiResponse.GOOD) {
            SenseData sense = null;
            try {
                sense = rsp.sense().length > 0 ? SenseData.decode(rsp.sense()) : null;
            } catch (IllegalArgumentException e) {
                // unreadable sense: the status alone tells the midlayer the command failed
            }
            result = new ScsiResult(rsp.status(), sense, "");
        }
        if (t.protectedIo() && t.registration != null) { // libiscsi check_protection -> iser_check_task_pi_status
            SignatureError e = t.registration.mr().checkSignatureStatus().orElse(null);
            if (e != null) {
                result = new ScsiResult(ScsiResponse.CHECK_CONDITION, IserSignature.sense(e, t.lba, t.blockSize),
                        IserSignature.describe(e, t.lba, t.blockSize));
            }
        }
        release(t);
        if (t.retries > 0) {
            host.dataFaults().recovery(result.ok() ? "iser requeued I/Os that then completed"
                    : "iser requeued I/Os that then failed", result.ok());
        }
        t.done.completed(t, result);
        startWaiting();
    }

    /** iscsi_update_cmdsn: a window that moves backwards is ignored. */
    private void updateWindow(int exp, int max) {
        if (max - (exp - 1) < 0) {
            return;
        }
        if (exp - expCmdSn > 0) {
            expCmdSn = exp;
        }
        if (max - maxCmdSn > 0) {
            maxCmdSn = max;
        }
    }

    private void release(ScsiTask t) {
        mapper.unmap(t);
        byItt[t.itt] = null;
        freeItts.add(t.itt);
    }

    private void startWaiting() {
        while (!waiting.isEmpty() && canStart() && failure == null && state == State.LOGGED_IN) {
            start(waiting.poll());
        }
    }

    /** Commands in flight or waiting (for tests and reports). */
    int outstanding() {
        return waiting.size() + held.size() + (byItt == null ? 0 : byItt.length - freeItts.size());
    }

    /** In recovery: commands wait for a relogin, off the wire (fio's stall watchdog does not count the wait). */
    boolean recovering() {
        return state == State.FAILED;
    }

    /** Commands holding a task tag, sent and not yet answered. */
    int inFlight() {
        return byItt == null ? 0 : byItt.length - freeItts.size();
    }

    /** Integrity registrations so far by how they mapped. */
    java.util.Map<org.hcasim.verbs.PiMapping, Long> mappings() {
        return mapper == null ? java.util.Map.of() : mapper.mappings();
    }

    /** The window the target gave: MaxCmdSN - ExpCmdSN + 1 commands. */
    int window() {
        return maxCmdSn - expCmdSn + 1;
    }

    // ------------------------------------------------------------------ discovery and logout

    /** Discovery: Text Request SendTargets=All; {@code done} gets the target's answer. */
    void sendTargets(Consumer<TextParameters> done) {
        textDone = done;
        TextRequest req = new TextRequest(true, true, false, 1, 0xFFFF_FFFF, cmdSn, expStatSn,
                TextParameters.of("SendTargets", "All"));
        conn.send(controlTx, IserConnection.frame(IserHeader.control(), req), null, List.of(), 0, true, sent);
    }

    private void onText(TextResponse rsp) {
        Consumer<TextParameters> done = textDone;
        textDone = null;
        expStatSn = rsp.statSn() + 1;
        if (!rsp.fin()) {
            fail("SendTargets answer continues in another PDU, which this initiator does not follow");
            return;
        }
        done.accept(rsp.keys());
    }

    /** Logout Request (close the session); {@code closed} runs once the target answered and the connection is down. */
    void logout(Runnable closed) {
        logoutDone = closed;
        LogoutRequest req = new LogoutRequest(true, LogoutRequest.CLOSE_SESSION, 2, 0, cmdSn, expStatSn);
        conn.send(controlTx, IserConnection.frame(IserHeader.control(), req), null, List.of(), 0, true, sent);
    }

    private void onLogout(LogoutResponse rsp) {
        Runnable done = logoutDone;
        logoutDone = null;
        onFailure = why -> { };
        failure = "logged out";
        cmId.disconnect();
        done.run();
    }

    // ------------------------------------------------------------------ NOP-Out pings

    /** The task tag of libiscsi's ping: one past the commands' tags. */
    private int pingItt() {
        return settings.cmdsMax();
    }

    /** What the transport timer does to this session's connection. */
    private final class Pinged implements PingTimer.Connection {
        @Override
        public boolean live(int gen) {
            return gen == generation && state == State.LOGGED_IN;
        }

        @Override
        public void sendPing() {
            NopOut ping = new NopOut(pingItt(), NopOut.RESERVED_TAG, cmdSn, expStatSn);
            conn.send(controlTx, IserConnection.frame(IserHeader.control(), ping), null, List.of(), 0, true, sent);
        }

        @Override
        public void pingTimedOut(String why) {
            conn.fail(why);
        }
    }

    // ------------------------------------------------------------------ failure and session recovery

    /** The connection numbered {@code gen} failed: before the first login that ends the session, later it recovers. */
    private void connectionFailed(int gen, String why) {
        if (gen != generation) {
            return; // a connection already replaced
        }
        switch (state) {
            case NEW, TERMINATED -> fail(why);
            case LOGGED_IN -> {
                if (discovery()) fail(why); else startRecovery(why);
            }
            case FAILED, RECOVERY_FAILED -> reloginFailed(why);
        }
    }

    /**
     * iscsi_conn_failure and iscsi_start_session_recovery: the session is blocked, its commands in flight fail with
     * DID_TRANSPORT_DISRUPTED and are requeued, the connection is torn down, replacement_timeout starts and iscsid
     * logs in again after DefaultTime2Wait.
     */
    private void startRecovery(String why) {
        state = State.FAILED;
        failedAtNs = host.now();
        host.dataFaults().recoveryStep("iser session recoveries");
        List<ScsiTask> inFlight = new ArrayList<>();
        for (ScsiTask t : byItt) {
            if (t != null) inFlight.add(t);
        }
        inFlight.sort((a, b) -> Integer.compare(a.cmdSn - b.cmdSn, 0));
        for (ScsiTask t : inFlight) {
            release(t);
            if (t.retries >= MAX_RETRIES) {
                host.dataFaults().recovery("iser I/Os failed after sd's retries", false);
                t.done.completed(t, ScsiResult.transportFailure(why + "; " + MAX_RETRIES + " retries used up"));
            } else {
                t.retries++;
                host.dataFaults().recoveryStep("iser I/Os requeued");
                held.add(t);
            }
        }
        tearDown();
        replacementTimer = host.timer(settings.replacementTimeoutNs(), 0, "iscsi replacement_timeout", () -> {
            if (state == State.FAILED) replacementExpired();
        });
        host.timer(REOPEN_DELAY_NS, 0, "iscsid reopen", this::relogin);
    }

    /** ib_iser's connection release: disconnect, drain, destroy the QP, put the CQ back, free the MRs and receive buffers. */
    private void tearDown() {
        generation++; // nothing of the old connection reaches the session any more
        login = null;
        pings.answered();
        IserConnection old = conn;
        TaskMapper oldMapper = mapper;
        mapper = null;
        old.fail("torn down");
        cmId.disconnect();
        CompletionQueue oldCq = cq;
        int oldCqSize = cqSize;
        QpTeardown.drainAndDestroy(host, qp, null, () -> {
            pd.device().cqPoolPut(oldCq, oldCqSize); // iser_free_ib_conn_res: ib_cq_pool_put after rdma_destroy_qp
            if (oldMapper != null) oldMapper.destroy();
            old.freeReceiveBuffers();
        });
    }

    private void relogin() {
        if (state != State.FAILED && state != State.RECOVERY_FAILED) {
            return;
        }
        host.dataFaults().recoveryStep("iser relogin attempts");
        openConnection(this::reloggedIn);
    }

    private void reloginFailed(String why) {
        tearDown();
        host.timer(REOPEN_DELAY_NS, 0, "iscsid reopen", this::relogin);
    }

    /** A relogin succeeded: the session runs again and the requeued commands go first, in their order. */
    private void reloggedIn() {
        if (replacementTimer != null) {
            replacementTimer.cancel();
            replacementTimer = null;
        }
        state = State.LOGGED_IN;
        host.dataFaults().recovery("iser session relogins", true);
        while (!held.isEmpty()) {
            waiting.addFirst(held.pollLast());
        }
        startWaiting();
    }

    /** session_recovery_timedout: the device goes offline, so what waits and what comes later fails with EIO. */
    private void replacementExpired() {
        state = State.RECOVERY_FAILED;
        host.dataFaults().recovery("iser sessions whose replacement_timeout expired", false);
        String why = replacementTimedOut();
        List<ScsiTask> victims = new ArrayList<>(held);
        held.clear();
        victims.addAll(waiting);
        waiting.clear();
        for (ScsiTask t : victims) {
            host.dataFaults().recovery("iser I/Os failed after replacement_timeout", false);
            t.done.completed(t, ScsiResult.transportFailure(why));
        }
    }

    private String replacementTimedOut() {
        return "session recovery timed out after replacement_timeout (" + settings.replacementTimeoutNs() / 1_000_000_000L
                + " s); rejecting I/O to offline device";
    }

    /** Ends the session for good: every command fails with {@code why}. */
    private void fail(String why) {
        if (failure != null) {
            return;
        }
        failure = why;
        state = State.TERMINATED;
        if (byItt != null) {
            for (ScsiTask t : byItt) {
                if (t != null) {
                    release(t);
                    t.done.completed(t, ScsiResult.transportFailure(why));
                }
            }
        }
        List<ScsiTask> victims = new ArrayList<>(held);
        held.clear();
        victims.addAll(waiting);
        waiting.clear();
        for (ScsiTask t : victims) {
            t.done.completed(t, ScsiResult.transportFailure(why));
        }
        conn.fail(why);
        onFailure.accept(why);
    }

    /** Why the session failed (null while it works). */
    String failure() {
        return failure;
    }

    /** The verbs objects of the session's current connection (tests). */
    QueuePair queuePair() {
        return qp;
    }
}
