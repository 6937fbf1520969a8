package org.hcasim.ulp.nvmeof.host;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.ulp.nvmeof.capsule.ConnectPrivateData;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.hcasim.ulp.nvmeof.settings.HostSettings;
import org.hcasim.ulp.nvmeof.settings.QueueSizing;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * One NVMe/RDMA host queue (nvme_rdma_queue): an RC QP and its CQ on one completion vector (soft-IRQ
 * polling), a receive per entry for response capsules, a command capsule buffer per tag, and a pool of
 * fast-registration MRs, one per entry. With protection information (an I/O queue of a controller with a
 * PI namespace, on a device with integrity offload) the QP is created with integrity enabled and PI
 * commands go through integrity MRs, one per entry. The {@link DataMapper} decides how each command's
 * data travels and owns the MRs. Queue 0 is the admin queue.
 *
 * <p>Near 500 lines on purpose: connect, submission, the response path, keep-alive and teardown act on the same tags,
 * capsule buffers, receives and QP, as nvme_rdma_queue's functions do; how data travels is the {@link DataMapper}'s.
 */
final class HostQueue {

    /** nvme-rdma: 1 capsule SGE + up to 4 SGEs of in-capsule data. */
    static final int MAX_SEND_SGE = 1 + 4;
    static final int PAGE_SIZE = 4096;
    /** Connect command data: host id, controller id, subsystem NQN, host NQN (NVMe-oF 1.1, 1024 bytes). */
    static final int CONNECT_DATA_BYTES = 1024;

    private final Host host;
    private final ProtectionDomain pd;
    private final HostSettings settings;
    final int qid;
    final QueueSizing sizing;
    private final int vector;
    private final String hostNqn;
    private final String subsystemNqn;

    private CompletionQueue cq;
    private QueuePair qp;
    private CmId cmId;
    private boolean piSupport;
    /** The last command this queue sent (for tests and diagnostics). */
    private NvmeCommand lastSqe;
    /** Where each command's 64 bytes are encoded before they are written into its capsule buffer. */
    private final byte[] sqeScratch = new byte[NvmeCommand.BYTES];
    /** Where each response capsule is read before it is decoded. */
    private final byte[] responseScratch = new byte[NvmeCompletion.BYTES];
    /** Per tag: the command holding it and the capsule's SEND, built once when the queue connects. */
    private final CapsuleSlot[] slots;
    private final ArrayDeque<Integer> freeTags = new ArrayDeque<>();
    private final HostCommand[] byTag;
    private final ArrayDeque<HostCommand> waiting = new ArrayDeque<>();
    private long capsules;
    private long responses;
    private boolean failed;
    private String lastError = "";
    private final Stats stats = new Stats();
    /** How each command's data reaches the target, and the MR pools for it. */
    private final DataMapper mapper;
    /** Creates the queue's CQ (nvme-rdma asks for soft-IRQ polling). */
    private final CqPolicy cqPolicy;
    /** Told first when the queue fails (the controller starts error recovery); may be null. */
    private Consumer<String> onError;
    /** How long a reconnect waits for rdma_connect to be answered (0: no limit, the first connect). */
    private long connectTimeoutNs;
    private int katoMs;
    /** Exactly one of connect's callbacks ran. */
    private boolean connectConcluded;
    /** A command outstanding this long starts error recovery (nvme_rdma_timeout); 0: not timed. */
    private long commandTimeoutNs;
    private boolean timeoutArmed;
    /** shutdown destroyed the QP, CQ and MRs. */
    private boolean tornDown;

    /** Counters of what the queue did (for tests and reports). */
    static final class Stats {
        long registrations;
        long remoteInvalidations;
        long localInvalidations;
        long inCapsuleWrites;
        long globalKeyIos;
        long integrityRegistrations;
        long signatureErrors;
    }

    HostQueue(Host host, ProtectionDomain pd, HostSettings settings, RegistrationPolicy registrationPolicy,
              CqPolicy cqPolicy, int qid, int queueSize, int vector, String hostNqn, String subsystemNqn) {
        this.host = host;
        this.pd = pd;
        this.settings = settings;
        this.qid = qid;
        this.sizing = new QueueSizing(queueSize);
        this.vector = vector;
        this.hostNqn = hostNqn;
        this.subsystemNqn = subsystemNqn;
        this.byTag = new HostCommand[queueSize];
        this.slots = new CapsuleSlot[queueSize];
        this.cqPolicy = cqPolicy;
        this.mapper = new DataMapper(pd, registrationPolicy, stats);
    }

    Stats stats() {
        return stats;
    }

    QueuePair qp() {
        return qp;
    }

    CompletionQueue cq() {
        return cq;
    }

    int vector() {
        return vector;
    }

    /** {@code handler} hears why, before the commands in flight complete with a host-aborted status. */
    void onError(Consumer<String> handler) {
        this.onError = handler;
    }

    /** Commands outstanding {@code ns} fail the queue (blk-mq's request timeout, nvme_rdma_timeout). */
    void commandTimeout(long ns) {
        this.commandTimeoutNs = ns;
    }

    /** The admin Connect's KATO field, in ms (nvmf_connect_admin_queue: cmd.connect.kato = ctrl->kato * 1000). */
    void keepAliveTimeoutMs(int ms) {
        this.katoMs = ms;
    }

    /** A command of this queue timed out outside blk-mq's timer (the keep-alive's own timeout): the queue fails. */
    void expire(String why) {
        failAll("queue " + qid + ": " + why);
    }

    /** A reconnect gives rdma_connect {@code ns} to be answered, then fails (NVME_RDMA_CM_TIMEOUT_MS). */
    void connectTimeout(long ns) {
        this.connectTimeoutNs = ns;
    }

    void setInlineDataSize(int bytes) {
        mapper.setInlineDataSize(qid == 0 ? 0 : bytes);
    }

    /** Before connect: create the QP with integrity enabled and a pool of integrity MRs (I/O queues only). */
    void enableProtectionInformation() {
        this.piSupport = qid != 0;
    }

    /** True when this queue can carry PI requests (integrity MRs on an integrity-enabled QP). */
    boolean supportsProtectionInformation() {
        return piSupport;
    }

    /** The last command capsule sent on this queue, or null before the first. */
    NvmeCommand lastCommand() {
        return lastSqe;
    }

    /** Largest transfer one command may move: one page less than a registration maps (unaligned start). */
    int maxTransferBytes() {
        return mapper.maxTransferBytes();
    }

    /**
     * Creates the verbs resources and connects (rdma_connect with the queue's id and sizes), then sends the
     * fabrics Connect command. {@code ready} gets the controller id the target returned; exactly one of the
     * callbacks runs, inside a task.
     */
    void connect(String targetHost, long serviceId, int cntlid, Consumer<Integer> ready, Consumer<String> failure) {
        var device = pd.device();
        // nvme_rdma_create_cq: cq_size = 4 x queue size + 1 from the device's shared pool on the queue's vector,
        // polled in soft-IRQ (hcasim has no poll queues, which would take a DIRECT CQ of their own)
        cq = cqPolicy.poolGet(device, sizing.cqEntries(), vector, PollContext.SOFTIRQ);
        qp = pd.createQp(new QpInit(cq, cq, null, sizing.sendWrs(), sizing.recvWrs(), MAX_SEND_SGE, 1, 0, false, piSupport));
        qp.modify(QpAttributes.toInit(AccessFlag.all()));
        mapper.allocateMrs(sizing.queueSize(), piSupport);
        for (int i = 0; i < sizing.queueSize(); i++) {
            freeTags.add(i);
        }
        capsules = host.memory().allocate((long) sizing.queueSize() * NvmeCommand.BYTES, 64);
        responses = host.memory().allocate((long) sizing.queueSize() * NvmeCompletion.BYTES, 64);
        for (int i = 0; i < sizing.queueSize(); i++) {
            slots[i] = new CapsuleSlot(new Sge(capsules + (long) i * NvmeCommand.BYTES, NvmeCommand.BYTES, pd.localDmaLkey()));
        }
        List<WorkRequest.Recv> recvs = new ArrayList<>();
        for (int i = 0; i < sizing.queueSize(); i++) {
            recvs.add(responseReceive(responses + (long) i * NvmeCompletion.BYTES));
        }
        qp.postRecv(recvs);
        byte[] priv = new ConnectPrivateData.Request(qid, sizing.queueSize(), sizing.sqsize(), cntlid).encode();
        Consumer<String> once = why -> {
            if (!connectConcluded) {
                connectConcluded = true;
                failure.accept(why);
            }
        };
        cmId = device.connectionManager().connect(targetHost, serviceId, qp, priv, event -> {
            switch (event) {
                case CmEvent.Established e -> {
                    if (!connectConcluded) {
                        sendConnectCommand(cntlid, id -> {
                            connectConcluded = true;
                            ready.accept(id);
                        }, once);
                    }
                }
                case CmEvent.Rejected r -> once.accept("queue " + qid + ": target " + targetHost + " rejected the connection ("
                        + rejectReason(r) + ")");
                case CmEvent.Unreachable u -> once.accept("queue " + qid + ": " + u.reason());
                case CmEvent.Disconnected d -> failAll("queue " + qid + " disconnected");
                case CmEvent.ConnectRequest c -> { }
            }
        });
        if (connectTimeoutNs > 0) {
            // nvme_rdma_wait_for_cm: a CM exchange lost to a link down is never answered
            host.timer(connectTimeoutNs, 0, "nvme-rdma cm timeout", () -> {
                if (!connectConcluded && qp.state() == org.hcasim.verbs.QpState.INIT) {
                    qp.modify(QpAttributes.toError()); // a late REP finds the QP given up
                    once.accept("queue " + qid + ": rdma_connect to " + targetHost + " not answered within "
                            + connectTimeoutNs / 1_000_000 + " ms");
                }
            });
        }
    }

    /** Error recovery stops the queue: its commands complete host-aborted, and its QP is disconnected (flushed). */
    void shutdown(String why) {
        connectConcluded = true;
        failAll(why);
        if (cmId != null) {
            cmId.disconnect(); // nothing when it never connected
        }
        if (qp != null && !tornDown) { // nvme_rdma_free_queue: drained, the QP and MRs destroyed, the CQ put back
            tornDown = true;
            long capsuleMemory = capsules;
            long responseMemory = responses;
            CompletionQueue queueCq = cq;
            org.hcasim.host.QpTeardown.drainAndDestroy(host, qp, null, () -> {
                pd.device().cqPoolPut(queueCq, sizing.cqEntries()); // nvme_rdma_free_cq: ib_cq_pool_put
                mapper.destroy();
                host.memory().free(capsuleMemory);
                host.memory().free(responseMemory);
            });
        }
    }

    private static String rejectReason(CmEvent.Rejected r) {
        try {
            return "status " + ConnectPrivateData.Reject.decode(r.privateData()).status() + ", " + r.reason();
        } catch (IllegalArgumentException e) {
            return r.reason();
        }
    }

    private void sendConnectCommand(int cntlid, Consumer<Integer> ready, Consumer<String> failure) {
        long data = host.memory().allocate(CONNECT_DATA_BYTES, PAGE_SIZE);
        byte[] d = new byte[CONNECT_DATA_BYTES];
        d[16] = (byte) cntlid;
        d[17] = (byte) (cntlid >>> 8);
        byte[] sub = subsystemNqn.getBytes(StandardCharsets.US_ASCII);
        byte[] hst = hostNqn.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(sub, 0, d, 256, Math.min(255, sub.length));
        System.arraycopy(hst, 0, d, 512, Math.min(255, hst.length));
        host.memory().write(data, d, 0, d.length);
        submit(new HostCommand((cid, dptr) -> NvmeCommand.connect(cid, qid, sizing.sqsize(), katoMs, dptr),
                HostCommand.Direction.TO_TARGET, data, CONNECT_DATA_BYTES, (cqe, detail) -> {
                    host.memory().free(data);
                    if (cqe.ok()) {
                        ready.accept(cqe.result() & 0xFFFF);
                    } else {
                        failure.accept("queue " + qid + ": fabrics Connect failed with status 0x"
                                + Integer.toHexString(cqe.status()));
                    }
                }));
    }

    private WorkRequest.Recv responseReceive(long buffer) {
        return new WorkRequest.Recv(List.of(new Sge(buffer, NvmeCompletion.BYTES, pd.localDmaLkey())), this::onResponse);
    }

    // ------------------------------------------------------------------ submission

    /** Queues a command (inside a task); it waits for a free tag if all are in use, as blk-mq does. */
    void submit(HostCommand c) {
        if (failed) {
            completeLater(c, transportFailure(c));
            return;
        }
        Integer tag = freeTags.poll();
        if (tag == null) {
            waiting.add(c);
            return;
        }
        start(c, tag);
    }

    private void start(HostCommand c, int tag) {
        c.tag = tag;
        byTag[tag] = c;
        if (commandTimeoutNs > 0) {
            c.startedNs = host.now();
            if (!timeoutArmed) {
                armTimeout(commandTimeoutNs);
            }
        }
        host.charge(settings.submitCpuNs());
        SglDescriptor dptr = mapper.map(c);
        if (dptr == null) {
            failMapping(c);
            return;
        }
        CapsuleSlot slot = slots[tag];
        slot.command = c;
        NvmeCommand sqe = c.encoder.encode(tag, dptr);
        sqe.encode(sqeScratch, 0);
        host.memory().write(slot.capsule.address(), sqeScratch, 0, NvmeCommand.BYTES);
        lastSqe = sqe;
        WorkRequest.Send send = dptr.isInCapsule()
                ? WorkRequest.Send.of(List.of(slot.capsule, new Sge(c.dataIova, c.dataLength, pd.localDmaLkey())), slot,
                        SendFlag.SIGNALED)
                : slot.capsuleOnly;
        List<WorkRequest.SendRequest> registering = c.registration == null ? List.of() : c.registration.requests();
        if (registering.isEmpty()) {
            qp.postSend(send);
        } else {
            List<WorkRequest.SendRequest> wrs = new ArrayList<>(registering.size() + 1);
            wrs.addAll(registering);
            wrs.add(send);
            qp.postSend(wrs);
        }
        mapper.checkPosted(c);
    }

    /**
     * A tag's capsule buffer and the SEND of it alone (no in-capsule data), built once, and the command that holds the
     * tag, which the SEND's completion goes to. A tag is given out again only after its command's SEND completed, so
     * the slot names the right command; after the queue failed its tags are not given out again.
     */
    private final class CapsuleSlot implements CompletionCallback {
        final Sge capsule;
        final WorkRequest.Send capsuleOnly;
        HostCommand command;

        CapsuleSlot(Sge capsule) {
            this.capsule = capsule;
            this.capsuleOnly = WorkRequest.Send.of(List.of(capsule), this, SendFlag.SIGNALED);
        }

        @Override
        public void done(WorkCompletion wc) {
            onSendDone(command, wc);
        }
    }

    /** The command's buffers do not fit a registration: it completes with a data transfer error. */
    private void failMapping(HostCommand c) {
        release(c);
        completeLater(c, error(c, NvmeCompletion.SC_DATA_TRANSFER_ERROR));
    }

    // ------------------------------------------------------------------ completion

    private void onSendDone(HostCommand c, WorkCompletion wc) {
        if (!wc.ok()) {
            transportError(c, "capsule SEND completed with " + wc.status());
            return;
        }
        c.sendDone = true;
        finishIfDone(c);
    }

    private void onResponse(WorkCompletion wc) {
        WorkRequest.Recv recv = (WorkRequest.Recv) wc.request();
        if (!wc.ok()) {
            failAll("response receive completed with " + wc.status());
            return;
        }
        host.charge(settings.completeCpuNs());
        long buffer = recv.sgl().get(0).address();
        host.memory().read(buffer, responseScratch, 0, NvmeCompletion.BYTES);
        NvmeCompletion cqe = NvmeCompletion.decode(responseScratch, 0);
        qp.postRecv(recv);
        HostCommand c = cqe.commandId() < byTag.length ? byTag[cqe.commandId()] : null;
        if (c == null || c.response != null) {
            failAll("response for command id " + cqe.commandId() + ", which is not outstanding on queue " + qid);
            return;
        }
        c.response = cqe;
        if (c.mr != null) {
            OptionalInt invalidated = wc.invalidatedRkey();
            if (invalidated.isPresent()) {
                if (invalidated.getAsInt() != c.rkey) {
                    failAll(String.format("target invalidated rkey 0x%x, command %d registered 0x%x",
                            invalidated.getAsInt(), c.tag, c.rkey));
                    return;
                }
                c.keyInvalid = true;
                stats.remoteInvalidations++;
            } else {
                c.localInvalidatePosted = true;
                stats.localInvalidations++;
                qp.postSend(WorkRequest.LocalInvalidate.of(c.rkey, inv -> onLocalInvalidateDone(c, inv), SendFlag.SIGNALED));
            }
        }
        finishIfDone(c);
    }

    private void onLocalInvalidateDone(HostCommand c, WorkCompletion wc) {
        if (!wc.ok()) {
            transportError(c, "LOCAL_INV completed with " + wc.status());
            return;
        }
        c.keyInvalid = true;
        finishIfDone(c);
    }

    private void finishIfDone(HostCommand c) {
        if (!c.finished() || c.tag < 0) {
            return;
        }
        mapper.checkSignature(c);
        release(c);
        c.done.completed(c.response, c.detail);
        HostCommand next = waiting.poll();
        if (next != null) {
            start(next, freeTags.poll());
        }
    }

    private void release(HostCommand c) {
        mapper.unmap(c);
        byTag[c.tag] = null;
        freeTags.add(c.tag);
        c.tag = -1;
    }

    // ------------------------------------------------------------------ errors

    /** blk_mq_timeout_work: one timer per queue, at the oldest outstanding command's deadline. */
    private void armTimeout(long delayNs) {
        timeoutArmed = true;
        host.timer(delayNs, 0, "nvme request timeout", this::checkTimeouts);
    }

    private void checkTimeouts() {
        timeoutArmed = false;
        if (failed) {
            return;
        }
        long oldest = Long.MAX_VALUE;
        for (HostCommand c : byTag) {
            if (c != null) {
                oldest = Math.min(oldest, c.startedNs);
            }
        }
        if (oldest == Long.MAX_VALUE) {
            return;
        }
        long age = host.now() - oldest;
        if (age >= commandTimeoutNs) {
            failAll("queue " + qid + ": a command timed out after " + commandTimeoutNs / 1_000_000_000L + " s");
        } else {
            armTimeout(commandTimeoutNs - age);
        }
    }

    private void transportError(HostCommand c, String why) {
        failAll("queue " + qid + ": " + why);
    }

    /** The QP is in error: every outstanding and waiting command fails (nvme-rdma starts error recovery). */
    private void failAll(String why) {
        if (failed) {
            return;
        }
        failed = true;
        lastError = why;
        if (onError != null) {
            onError.accept(why);
        }
        List<HostCommand> victims = new ArrayList<>();
        for (HostCommand c : byTag) {
            if (c != null) {
                victims.add(c);
            }
        }
        victims.addAll(waiting);
        waiting.clear();
        for (HostCommand c : victims) {
            if (c.tag >= 0) {
                byTag[c.tag] = null;
                c.tag = -1;
            }
            c.done.completed(transportFailure(c), "");
        }
    }

    /** Why the queue failed (empty while it works). */
    String lastError() {
        return lastError;
    }

    /** What a command the failed transport ended completes with: host-aborted, which the block layer may retry. */
    private NvmeCompletion transportFailure(HostCommand c) {
        return new NvmeCompletion(0, 0, qid, Math.max(c.tag, 0), NvmeCompletion.SCT_PATH, NvmeCompletion.SC_HOST_ABORTED);
    }

    /** Whether {@code cqe} is what a failed transport completes commands with. */
    static boolean hostAborted(NvmeCompletion cqe) {
        return cqe.statusCodeType() == NvmeCompletion.SCT_PATH && cqe.statusCode() == NvmeCompletion.SC_HOST_ABORTED;
    }

    private NvmeCompletion error(HostCommand c, int sc) {
        return new NvmeCompletion(0, 0, qid, Math.max(c.tag, 0), NvmeCompletion.SCT_GENERIC, sc);
    }

    private void completeLater(HostCommand c, NvmeCompletion cqe) {
        host.run(host.currentCore() < 0 ? 0 : host.currentCore(), org.hcasim.host.Priority.SOFT_IRQ,
                "nvme-rdma error completion", () -> c.done.completed(cqe, ""));
    }
}
