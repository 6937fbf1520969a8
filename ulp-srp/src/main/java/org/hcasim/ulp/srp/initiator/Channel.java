package org.hcasim.ulp.srp.initiator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.IoBuffers;
import org.hcasim.spi.policy.QueueRegistration;
import org.hcasim.spi.policy.Registration;
import org.hcasim.spi.policy.RegistrationNeeds;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.ulp.srp.iu.DataDescriptor;
import org.hcasim.ulp.srp.iu.LoginReject;
import org.hcasim.ulp.srp.iu.LoginRequest;
import org.hcasim.ulp.srp.iu.LoginResponse;
import org.hcasim.ulp.srp.iu.SrpCommand;
import org.hcasim.ulp.srp.iu.SrpIu;
import org.hcasim.ulp.srp.iu.SrpResponse;
import org.hcasim.ulp.srp.settings.InitiatorSettings;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * One RDMA channel of ib_srp (struct srp_rdma_ch): an RC connection logged in with SRP_LOGIN_REQ in the CM's
 * private data, a CQ on its completion vector polled in soft-IRQ context, a receive IU per request slot for
 * SRP_RSPs, a send IU per slot for SRP_CMDs, and the request limit: the credits the target granted. A command
 * needs a free slot and a credit beyond the one ib_srp keeps for task management (srp_get_tx_iu); without
 * either it waits (the SCSI host is busy). Each SRP_RSP adds its request-limit delta. The data of each command is
 * registered through the channel's registration policy and described by one direct descriptor; a registered key
 * is invalidated with a LOCAL_INV after the response (srpt never answers with SEND_WITH_INV).
 *
 * <p>Once its rport runs, a transport error (a failed work completion, the peer's disconnect) goes to the rport's
 * recovery ({@link SrpInitiator}) instead of failing the commands: the channel is blocked (commands wait), and a
 * reconnect terminates what was outstanding with DID_RESET (the midlayer requeues it, sd's five retries), destroys
 * the QP, CQ and MRs (srp_create_ch_ib replacing them) and logs in again on new ones.
 *
 * <p>Near 500 lines on purpose: login, submission, completion and the rport's block / reconnect / fast-fail steps all
 * act on the same request table, credits and QP (srp_rdma_ch is one object in ib_srp too); the parts with state of
 * their own are apart (the IU codecs, the registration, {@code SrpRequest}).
 */
final class Channel {
    /** ib_srp: SRP_TSK_MGMT_SQ_SIZE, credits kept for task management. */
    static final int TASK_MANAGEMENT_CREDITS = 1;
    /** Largest SRP_CMD this initiator sends: the fixed part and one direct descriptor. */
    static final int MAX_IT_IU_LEN = SrpCommand.FIXED_BYTES + DataDescriptor.BYTES;
    static final int PAGE_SIZE = 4096;
    /** Pages one registration maps (ib_srp's max_pages_per_mr on mlx5). */
    static final int MAX_PAGES = 256;
    /** sd's SD_MAX_RETRIES: times the midlayer requeues a command the reconnect terminated with DID_RESET. */
    static final int MAX_RETRIES = 5;
    /**
     * How long a reconnect's login waits for the target's answer: the CM's wait for a REP before it would send the
     * REQ again (twice the RoCE packet lifetime, 2 x 268 ms, plus CMA_CM_RESPONSE_TIMEOUT 20, 4295 ms). The kernel's CM
     * would resend; here the attempt fails and the rport tries again after reconnect_delay.
     */
    static final long CM_RESPONSE_NS = 2 * (4096L << 16) + (4096L << 20);

    private final Host host;
    private final ProtectionDomain pd;
    private final InitiatorSettings settings;
    private final int index;
    private final int vector;
    private final RegistrationPolicy registrationPolicy;
    private final CqPolicy cqPolicy;
    private CompletionQueue cq;
    private QueuePair qp;
    private QueueRegistration registration;
    private long txIus;
    private long rxIus;
    private int maxTiIuLen;
    private final ArrayDeque<Integer> freeTags = new ArrayDeque<>();
    private SrpRequest[] byTag;
    private final ArrayDeque<SrpRequest> waiting = new ArrayDeque<>();
    /** Credits the target granted and not yet used (ib_srp's req_lim). */
    private int reqLim;
    private boolean failed;
    private final Stats stats = new Stats();
    /** The rport's recovery, told of a transport error once the rport runs (null before: errors fail the commands). */
    private Consumer<String> onTransportError;
    /** The rport is blocked: commands wait. */
    private boolean blocked;
    /** The current QP logged in (srp_rdma_ch's connected): only its errors start the rport's recovery. */
    private boolean connected;
    /** Why commands fail at once (the rport failed fast or was removed), or null; and how the account names them. */
    private String offline;
    private String offlineCounted;
    /** Commands the reconnect terminated with DID_RESET, sent again first once the channel logged in. */
    private final ArrayDeque<SrpRequest> held = new ArrayDeque<>();
    private org.hcasim.verbs.CmId cmId;

    /** What the channel did (tests, diagnostics). */
    static final class Stats {
        long commands;
        long waitedForCredit;
        long localInvalidations;
        int lowestReqLim = Integer.MAX_VALUE;
    }

    Channel(Host host, ProtectionDomain pd, InitiatorSettings settings, RegistrationPolicy registrationPolicy,
            CqPolicy cqPolicy, int index, int vector) {
        this.host = host;
        this.pd = pd;
        this.settings = settings;
        this.registrationPolicy = registrationPolicy;
        this.cqPolicy = cqPolicy;
        this.index = index;
        this.vector = vector;
    }

    Stats stats() {
        return stats;
    }

    int reqLim() {
        return reqLim;
    }

    int index() {
        return index;
    }

    /** Largest data transfer one command may carry. */
    int maxTransferBytes() {
        return (registration.maxPages() - 1) * PAGE_SIZE;
    }

    /**
     * Creates the QP, CQ and IUs and logs in: {@code loggedIn} runs when the target accepted the login (inside a
     * task), {@code failed} with why it did not. The first channel of a target creates the I_T nexus, later ones
     * join it (multi-channel action MULTI).
     */
    void login(String target, long serviceId, Runnable loggedIn, Consumer<String> failure) {
        int slots = settings.queueSize();
        var device = pd.device();
        cq = cqPolicy.createCq(device, CqInit.of(2 * slots + 1, vector, PollContext.SOFTIRQ));
        // send queue: a command, its REG_MR and its LOCAL_INV per slot (srp_create_ch_ib: m * queue_size)
        qp = pd.createQp(new QpInit(cq, cq, null, 3 * slots, slots, 1, 1, 0, false, false));
        qp.modify(QpAttributes.toInit(AccessFlag.all()));
        registration = registrationPolicy.forQueue(pd, new RegistrationNeeds(settings.commandSlots(), MAX_PAGES, false,
                PAGE_SIZE));
        if (byTag == null) {
            byTag = new SrpRequest[settings.commandSlots()];
            for (int i = 0; i < byTag.length; i++) {
                freeTags.add(i);
            }
            txIus = host.memory().allocate((long) slots * MAX_IT_IU_LEN, 64);
        }
        failed = false;
        byte[] priv = new LoginRequest(index, SrpIu.BUF_FORMAT_DIRECT | SrpIu.BUF_FORMAT_INDIRECT,
                index == 0 ? SrpIu.MULTICHAN_SINGLE : SrpIu.MULTICHAN_MULTI, MAX_IT_IU_LEN,
                portId(host.name()), portId(target)).encode();
        QueuePair mine = qp;
        boolean[] concluded = {false};
        Consumer<String> once = why -> {
            if (!concluded[0] && mine == qp) {
                concluded[0] = true;
                failure.accept(why);
            }
        };
        cmId = device.connectionManager().connect(target, serviceId, qp, priv, event -> {
            switch (event) {
                case CmEvent.Established e -> {
                    if (!concluded[0] && mine == qp) {
                        concluded[0] = true;
                        established(e.privateData(), loggedIn, failure);
                    }
                }
                case CmEvent.Rejected r -> once.accept("channel " + index + ": " + target + " rejected the login ("
                        + rejectReason(r) + ")");
                case CmEvent.Unreachable u -> once.accept("channel " + index + ": " + u.reason());
                case CmEvent.Disconnected d -> {
                    if (mine == qp) failAll("channel " + index + " disconnected");
                }
                case CmEvent.ConnectRequest c -> { }
            }
        });
        if (onTransportError != null) { // a reconnect: a login lost with a down link is not answered
            host.timer(CM_RESPONSE_NS, 0, "srp login timeout", () -> {
                if (!concluded[0] && mine == qp) {
                    qp.modify(QpAttributes.toError()); // a late answer finds the QP given up
                    once.accept("channel " + index + ": login to " + target + " not answered within "
                            + CM_RESPONSE_NS / 1_000_000 + " ms");
                }
            });
        }
    }

    /** A 16-byte SRP port identifier from a name (ib_srp builds it from the GUIDs; the name stands in here). */
    static byte[] portId(String name) {
        byte[] id = new byte[LoginRequest.PORT_ID_BYTES];
        byte[] n = name.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        System.arraycopy(n, 0, id, 0, Math.min(n.length, id.length));
        return id;
    }

    private static String rejectReason(CmEvent.Rejected r) {
        try {
            return LoginReject.decode(r.privateData()).reasonText();
        } catch (IllegalArgumentException e) {
            return r.reason();
        }
    }

    private void established(byte[] privateData, Runnable loggedIn, Consumer<String> failure) {
        LoginResponse rsp;
        try {
            rsp = LoginResponse.decode(privateData);
        } catch (IllegalArgumentException e) {
            failure.accept("channel " + index + ": bad SRP_LOGIN_RSP: " + e.getMessage());
            return;
        }
        if (rsp.maxItIuLen() < MAX_IT_IU_LEN || (rsp.bufFmt() & SrpIu.BUF_FORMAT_DIRECT) == 0) {
            failure.accept("channel " + index + ": target takes IUs of at most " + rsp.maxItIuLen()
                    + " bytes (needs " + MAX_IT_IU_LEN + ") or no direct descriptors (buffer formats 0x"
                    + Integer.toHexString(rsp.bufFmt()) + ")");
            return;
        }
        reqLim = rsp.reqLimDelta();
        maxTiIuLen = rsp.maxTiIuLen();
        connected = true;
        int slots = settings.queueSize();
        rxIus = host.memory().allocate((long) slots * maxTiIuLen, 64);
        List<WorkRequest.Recv> recvs = new ArrayList<>(slots);
        for (int i = 0; i < slots; i++) {
            recvs.add(new WorkRequest.Recv(List.of(new Sge(rxIus + (long) i * maxTiIuLen, maxTiIuLen, pd.localDmaLkey())),
                    this::onResponse));
        }
        qp.postRecv(recvs);
        loggedIn.run();
    }

    // ------------------------------------------------------------------ submission

    /** Sends the command (inside a task), or queues it until a slot and a credit are free. */
    void submit(SrpRequest r) {
        if (offline != null || failed && onTransportError == null) {
            if (offline != null) {
                host.dataFaults().recovery(offlineCounted, false);
            }
            completeLater(r, offline != null ? offline : "channel " + index + " failed");
            return;
        }
        if (blocked || !waiting.isEmpty() || !canStart()) {
            if (reqLim <= TASK_MANAGEMENT_CREDITS) {
                stats.waitedForCredit++;
            }
            waiting.add(r);
            return;
        }
        start(r);
    }

    private boolean canStart() {
        return !freeTags.isEmpty() && reqLim > TASK_MANAGEMENT_CREDITS;
    }

    private void start(SrpRequest r) {
        r.tag = freeTags.poll();
        byTag[r.tag] = r;
        reqLim--;
        stats.lowestReqLim = Math.min(stats.lowestReqLim, reqLim);
        stats.commands++;
        host.charge(settings.submitCpuNs());
        List<WorkRequest.SendRequest> wrs = new ArrayList<>(2);
        SrpCommand.Data data = SrpCommand.NO_DATA;
        if (r.hasData()) {
            Set<AccessFlag> access = r.write ? Set.of(AccessFlag.REMOTE_READ) : Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE);
            Registration reg = registration.register(IoBuffers.of(List.of(new ScatterEntry(r.dataIova, r.bytes)), access));
            if (reg == null) {
                release(r);
                reqLim++;
                completeLater(r, "a " + r.bytes + "-byte buffer does not fit one registration");
                return;
            }
            r.registration = reg;
            wrs.addAll(reg.requests());
            data = new SrpCommand.Data.Direct(new DataDescriptor(reg.address(), reg.key(), r.bytes));
        }
        byte[] iu = new SrpCommand(r.tag, SrpCommand.lun(r.lun), r.cdb, r.write, data).encode();
        long buffer = txIus + (long) r.tag * MAX_IT_IU_LEN;
        host.memory().write(buffer, iu, 0, iu.length);
        wrs.add(WorkRequest.Send.of(List.of(new Sge(buffer, iu.length, pd.localDmaLkey())), this::onSendDone,
                SendFlag.SIGNALED));
        qp.postSend(wrs);
    }

    private void onSendDone(WorkCompletion wc) {
        if (!wc.ok() && wc.qp() == qp) {
            failAll("channel " + index + ": SRP_CMD SEND completed with " + wc.status());
        }
    }

    // ------------------------------------------------------------------ completion

    private void onResponse(WorkCompletion wc) {
        if (wc.qp() != qp) {
            return; // a QP the reconnect replaced
        }
        if (!wc.ok()) {
            failAll("channel " + index + ": receive completed with " + wc.status());
            return;
        }
        WorkRequest.Recv recv = (WorkRequest.Recv) wc.request();
        host.charge(settings.completeCpuNs());
        byte[] b = new byte[(int) wc.byteLength()];
        host.memory().read(recv.sgl().get(0).address(), b, 0, b.length);
        qp.postRecv(recv);
        SrpResponse rsp;
        try {
            rsp = SrpResponse.decode(b, 0, b.length);
        } catch (IllegalArgumentException e) {
            failAll("channel " + index + ": " + e.getMessage());
            return;
        }
        reqLim += rsp.reqLimDelta();
        SrpRequest r = rsp.tag() >= 0 && rsp.tag() < byTag.length ? byTag[(int) rsp.tag()] : null;
        if (r == null) {
            failAll("channel " + index + ": SRP_RSP for tag " + rsp.tag() + ", which is not outstanding");
            return;
        }
        if (r.registration != null && r.registration.needsInvalidation()) {
            // srp_inv_rkey: unsignaled; the MR's next REG_MR is ordered behind it on this QP
            stats.localInvalidations++;
            qp.postSend(WorkRequest.LocalInvalidate.of(r.registration.key(), CompletionCallback.IGNORE));
        }
        release(r);
        if (r.retries > 0) {
            host.dataFaults().recovery(rsp.ok() ? "srp requeued I/Os that then completed"
                    : "srp requeued I/Os that then failed", rsp.ok());
        }
        r.done.completed(rsp, null);
        startWaiting();
    }

    private void startWaiting() {
        while (!waiting.isEmpty() && canStart() && !failed && !blocked) {
            start(waiting.poll());
        }
    }

    private void release(SrpRequest r) {
        if (r.registration != null) {
            registration.release(r.registration);
            r.registration = null;
        }
        byTag[r.tag] = null;
        freeTags.add(r.tag);
        r.tag = -1;
    }

    private void failAll(String why) {
        if (failed) {
            return;
        }
        failed = true;
        if (onTransportError != null) {
            if (connected) { // srp_handle_qp_err: the rport's recovery takes over (a reconnect's own login failures not)
                connected = false;
                onTransportError.accept(why);
            }
            return;
        }
        List<SrpRequest> victims = new ArrayList<>();
        for (SrpRequest r : byTag) {
            if (r != null) {
                victims.add(r);
            }
        }
        victims.addAll(waiting);
        waiting.clear();
        for (SrpRequest r : victims) {
            r.done.completed(null, why);
        }
    }

    // ------------------------------------------------------------------ rport recovery

    /** From now on a transport error goes to {@code handler} (the rport runs). */
    void recoverWith(Consumer<String> handler) {
        this.onTransportError = handler;
    }

    /** Whether the channel's current connection saw a transport error. */
    boolean transportFailed() {
        return failed;
    }

    /** scsi_target_block: commands wait. */
    void block() {
        blocked = true;
    }

    /**
     * srp_rport_reconnect before it connects again: every outstanding command is terminated with DID_RESET and
     * requeued (or, out of retries, failed), and the old QP, CQ and MRs are destroyed (srp_create_ch_ib).
     */
    void terminateForReconnect(String why) {
        for (int tag = 0; tag < byTag.length; tag++) {
            SrpRequest r = byTag[tag];
            if (r == null) continue;
            release(r);
            if (r.retries >= MAX_RETRIES) {
                host.dataFaults().recovery("srp I/Os failed after sd's retries", false);
                completeLater(r, why + "; " + MAX_RETRIES + " retries used up");
            } else {
                r.retries++;
                host.dataFaults().recoveryStep("srp I/Os requeued");
                held.add(r);
            }
        }
        reqLim = 0;
        failed = true;
        connected = false;
        if (qp == null) {
            return; // torn down before, and a failed attempt never got to this channel
        }
        QueuePair oldQp = qp;
        CompletionQueue oldCq = cq;
        QueueRegistration oldRegistration = registration;
        long oldRx = rxIus;
        rxIus = 0;
        qp = null; // stale completions and CM events of the old connection are ignored from here
        if (cmId != null) {
            cmId.disconnect();
        }
        org.hcasim.host.QpTeardown.drainAndDestroy(host, oldQp, oldCq, () -> {
            oldRegistration.destroy();
            if (oldRx != 0) host.memory().free(oldRx);
        });
    }

    /** scsi_target_unblock after a reconnect: the requeued commands go first, then those that waited. */
    void unblock() {
        blocked = false;
        offline = null;
        while (!held.isEmpty()) {
            waiting.addFirst(held.pollLast());
        }
        startWaiting();
    }

    /**
     * The rport failed fast or was removed: what is outstanding, requeued or waiting fails with {@code why}, and so
     * does every later command until a reconnect succeeds; {@code counted} names them in the fault account.
     */
    void failFast(String why, String counted) {
        offline = why;
        offlineCounted = counted;
        List<SrpRequest> victims = new ArrayList<>();
        for (SrpRequest r : byTag) {
            if (r != null) {
                release(r);
                victims.add(r);
            }
        }
        victims.addAll(held);
        held.clear();
        victims.addAll(waiting);
        waiting.clear();
        for (SrpRequest r : victims) {
            host.dataFaults().recovery(counted, false);
            completeLater(r, why);
        }
    }

    /** Commands outstanding, requeued or waiting (tests). */
    int pending() {
        int n = waiting.size() + held.size();
        for (SrpRequest r : byTag) {
            if (r != null) n++;
        }
        return n;
    }

    /** The channel's current QP (tests), null between a reconnect's teardown and its login. */
    QueuePair queuePair() {
        return qp;
    }

    private void completeLater(SrpRequest r, String why) {
        int core = host.currentCore() < 0 ? 0 : host.currentCore();
        host.run(core, Priority.SOFT_IRQ, "srp error completion", () -> r.done.completed(null, why));
    }
}
