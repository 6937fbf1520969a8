package org.hcasim.ulp.nvmeof.host;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockInitiator;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.RegistrationPolicy;
import org.hcasim.ulp.nvmeof.capsule.IdentifyData;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.settings.HostSettings;
import org.hcasim.ulp.nvmeof.settings.TargetAddress;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;

/**
 * The NVMe/RDMA host (nvme-rdma): connects the admin queue, identifies the controller and its namespaces,
 * then connects the I/O queues, queue i (1-based) on completion vector (i - 1) % vectors, and exposes one
 * block device per namespace. A submitting core uses I/O queue (core % queues) + 1, as blk-mq maps CPUs to
 * hardware queues.
 *
 * <p>Error recovery as nvme-rdma does it (nvme_rdma_error_recovery_work, nvme_rdma_reconnect_ctrl_work): when a
 * queue of a live controller fails, the controller goes RESETTING, every queue is stopped and its commands are
 * cancelled with a host-aborted status, which requeues each request (at most {@code max-retries} times); it goes
 * CONNECTING and, every {@code reconnect-delay}, sets the admin and I/O queues up again on new QPs, until it is
 * LIVE (the requeued requests go out) or {@code ctrl-loss-tmo / reconnect-delay} attempts failed: then it is
 * DELETING and every waiting request fails.
 */
public final class NvmeOfHost implements BlockInitiator {

    /** Controller id "dynamic controller model: any" for the admin Connect. */
    static final int CNTLID_DYNAMIC = 0xFFFF;

    private final Host host;
    private final TargetAddress target;
    private final HostSettings settings;
    private final RegistrationPolicy registrationPolicy;
    private final CqPolicy cqPolicy;
    private final int controllerIndex;
    private ProtectionDomain pd;
    private HostQueue admin;
    private final List<HostQueue> ioQueues = new ArrayList<>();
    private final List<BlockDevice> devices = new ArrayList<>();
    private IdentifyData.Controller controller;
    private int cntlid;
    private boolean connectStarted;
    private ControllerState state = ControllerState.NEW;
    /** Failed reconnect attempts since the controller was last live (ctrl->nr_reconnects). */
    private long nrReconnects;
    /** Requests waiting for the controller to be live again (blk-mq's requeue list of quiesced queues). */
    private final java.util.ArrayDeque<PendingIo> requeued = new java.util.ArrayDeque<>();
    /** Every I/O queue this host created, those replaced by reconnects included (for the counters). */
    private final List<HostQueue> allIoQueues = new ArrayList<>();

    public NvmeOfHost(Host host, TargetAddress target, HostSettings settings, RegistrationPolicy registrationPolicy,
                      CqPolicy cqPolicy, int controllerIndex) {
        this.host = host;
        this.target = target;
        this.settings = settings;
        this.registrationPolicy = registrationPolicy;
        this.cqPolicy = cqPolicy;
        this.controllerIndex = controllerIndex;
    }

    public Host host() {
        return host;
    }

    public HostSettings settings() {
        return settings;
    }

    @Override
    public void connect(Runnable connected, Consumer<String> failed) {
        if (connectStarted) {
            throw new IllegalStateException("nvmeof host: connect() was already called");
        }
        connectStarted = true;
        if (host.devices().isEmpty()) {
            host.run(0, org.hcasim.host.Priority.THREAD, "nvme connect", () -> failed.accept(
                    "nvmeof host: host " + host.name() + " has no RDMA device"));
            return;
        }
        RdmaDevice device = host.devices().get(0);
        pd = device.allocPd();
        setUp(() -> {
            state = ControllerState.LIVE;
            startKeepAlive();
            connected.run();
        }, failed);
    }

    /** Connects the admin queue, identifies the controller (and, the first time, its namespaces), then the I/O queues. */
    private void setUp(Runnable connected, Consumer<String> failed) {
        admin = newQueue(0, settings.adminQueueDepth(), 0);
        admin.connect(target.host(), target.serviceId(), CNTLID_DYNAMIC, id -> {
            cntlid = id;
            identifyController(connected, failed);
        }, failed);
    }

    private HostQueue newQueue(int qid, int size, int vector) {
        HostQueue q = new HostQueue(host, pd, settings, registrationPolicy, cqPolicy, qid, size, vector,
                "nqn.2014-08.org.nvmexpress:uuid:" + host.name(), target.subsystemNqn());
        q.onError(this::queueFailed);
        if (host.dataFaults() != org.hcasim.host.DataFaults.NONE) {
            // only a run with faults can lose a command; fault-free runs schedule no timer, so their output is unchanged
            q.commandTimeout(qid == 0 ? ADMIN_TIMEOUT_NS : IO_TIMEOUT_NS);
            if (qid == 0) {
                q.keepAliveTimeoutMs(settings.katoSeconds() * 1000);
            }
        }
        if (state != ControllerState.NEW) {
            q.connectTimeout(CM_TIMEOUT_NS);
        }
        return q;
    }

    private void identifyController(Runnable connected, Consumer<String> failed) {
        identify(NvmeCommand.CNS_CONTROLLER, 0, failed, data -> {
            controller = IdentifyData.Controller.decode(data);
            if (controller.namespaces() < 1) {
                failed.accept("nvmeof host: target " + target + " reports no namespaces");
                return;
            }
            if (devices.isEmpty()) {
                identifyNamespace(1, connected, failed);
            } else {
                connectIoQueues(connected, failed); // a reconnect keeps the namespaces it knows
            }
        });
    }

    private void identifyNamespace(int nsid, Runnable connected, Consumer<String> failed) {
        identify(NvmeCommand.CNS_NAMESPACE, nsid, failed, data -> {
            IdentifyData.Namespace ns = IdentifyData.Namespace.decode(data);
            devices.add(new NamespaceDevice("nvme" + controllerIndex + "n" + nsid, nsid, ns, this));
            if (nsid < controller.namespaces()) {
                identifyNamespace(nsid + 1, connected, failed);
            } else {
                connectIoQueues(connected, failed);
            }
        });
    }

    private void identify(int cns, int nsid, Consumer<String> failed, Consumer<byte[]> result) {
        long buffer = host.memory().allocate(IdentifyData.BYTES, HostQueue.PAGE_SIZE);
        admin.submit(new HostCommand((cid, dptr) -> NvmeCommand.identify(cid, cns, nsid, dptr),
                HostCommand.Direction.FROM_TARGET, buffer, IdentifyData.BYTES, (cqe, detail) -> {
                    byte[] data = new byte[IdentifyData.BYTES];
                    host.memory().read(buffer, data, 0, data.length);
                    host.memory().free(buffer);
                    if (!cqe.ok()) {
                        failed.accept("nvmeof host: Identify (CNS " + cns + ", nsid " + nsid + ") failed with status 0x"
                                + Integer.toHexString(cqe.status()));
                    } else {
                        result.accept(data);
                    }
                }));
    }

    private void connectIoQueues(Runnable connected, Consumer<String> failed) {
        int count = settings.ioQueues(host.coreCount());
        int vectors = pd.device().attributes().numCompVectors();
        int[] pending = {count};
        boolean[] gaveUp = {false};
        ioQueues.clear();
        for (int i = 1; i <= count; i++) {
            HostQueue q = newQueue(i, settings.queueSize(), (i - 1) % vectors);
            q.setInlineDataSize(controller.inCapsuleDataBytes());
            if (protectionInformationOffload()) {
                q.enableProtectionInformation();
            }
            ioQueues.add(q);
            allIoQueues.add(q);
            q.connect(target.host(), target.serviceId(), cntlid, id -> {
                if (--pending[0] == 0 && !gaveUp[0]) {
                    connected.run();
                }
            }, why -> {
                if (!gaveUp[0]) {
                    gaveUp[0] = true;
                    failed.accept("nvmeof host: " + why);
                }
            });
        }
    }

    /**
     * nvme-rdma's pi_support: the device offers integrity MRs (IB_DEVICE_INTEGRITY_HANDOVER). Linux sets the
     * I/O queues up for it on every such device; here only when a namespace has PI, so controllers without
     * PI namespaces allocate no integrity MRs and keep their QPs as before.
     */
    private boolean protectionInformationOffload() {
        return pd.device().attributes().has(org.hcasim.verbs.DeviceCapability.INTEGRITY_HANDOVER)
                && devices.stream().anyMatch(d -> d.format().hasPi());
    }

    /** Name of the RDMA device the queues run on (for messages). */
    String deviceName() {
        return pd.device().name();
    }

    @Override
    public List<BlockDevice> devices() {
        return List.copyOf(devices);
    }

    /** The I/O queue serving {@code core}. */
    HostQueue queueFor(int core) {
        return ioQueues.get(Math.floorMod(core, ioQueues.size()));
    }

    /** I/O queues in qid order (for tests and reports). */
    List<HostQueue> ioQueues() {
        return List.copyOf(ioQueues);
    }

    HostQueue adminQueue() {
        return admin;
    }

    /** Totals of registrations and invalidations over all I/O queues. */
    public Counters counters() {
        long reg = 0, remote = 0, local = 0, inline = 0, global = 0;
        for (HostQueue q : allIoQueues) {
            reg += q.stats().registrations;
            remote += q.stats().remoteInvalidations;
            local += q.stats().localInvalidations;
            inline += q.stats().inCapsuleWrites;
            global += q.stats().globalKeyIos;
        }
        return new Counters(reg, remote, local, inline, global);
    }

    /** What the I/O queues did: registrations, remote and local invalidations, in-capsule writes, global-key I/Os. */
    public record Counters(long registrations, long remoteInvalidations, long localInvalidations, long inCapsuleWrites,
                           long globalKeyIos) {
        /** What happened since {@code earlier}. */
        public Counters minus(Counters earlier) {
            return new Counters(registrations - earlier.registrations, remoteInvalidations - earlier.remoteInvalidations,
                    localInvalidations - earlier.localInvalidations, inCapsuleWrites - earlier.inCapsuleWrites,
                    globalKeyIos - earlier.globalKeyIos);
        }
    }

    // ------------------------------------------------------------------ I/O and error recovery

    /** nvme_core.io_timeout and admin_timeout defaults (NVME_IO_TIMEOUT 30 s, NVME_ADMIN_TIMEOUT 60 s). */
    static final long IO_TIMEOUT_NS = 30_000_000_000L;
    static final long ADMIN_TIMEOUT_NS = 60_000_000_000L;

    /** How long a reconnect waits for each queue's rdma_connect: NVME_RDMA_CM_TIMEOUT_MS. */
    static final long CM_TIMEOUT_NS = 3_000_000_000L;

    ControllerState state() {
        return state;
    }

    /** Sends {@code io} on its core's queue while the controller is live; otherwise it waits or, once removed, fails. */
    void dispatch(PendingIo io) {
        switch (state) {
            case LIVE -> io.device.send(io, queueFor(io.core));
            case DELETING -> failRemoved(io);
            default -> requeued.add(io);
        }
    }

    /** A command of {@code io} completed: a host-aborted one is requeued (nvme_decide_disposition), others are final. */
    void completed(PendingIo io, NvmeCompletion cqe, String detail) {
        if (HostQueue.hostAborted(cqe)) {
            if (state == ControllerState.DELETING) {
                host.dataFaults().recovery("nvmeof I/Os failed after ctrl-loss-tmo", false);
                io.done.completed(removedError(io));
                return;
            }
            if (io.retries < settings.maxRetries()) {
                io.retries++;
                host.dataFaults().recoveryStep("nvmeof I/Os requeued");
                dispatch(io);
                return;
            }
            host.dataFaults().recovery("nvmeof I/Os failed after max-retries", false);
        } else if (io.retries > 0) {
            host.dataFaults().recovery(cqe.ok() ? "nvmeof requeued I/Os that then completed"
                    : "nvmeof requeued I/Os that then failed", cqe.ok());
        }
        io.done.completed(toBlock(cqe, io.device.name(), detail));
    }

    // ------------------------------------------------------------------ keep-alive

    /**
     * nvme_start_keep_alive: once the controller is live, a Keep Alive goes out on the admin queue every kato/2
     * (nvme_keep_alive_work_period, without traffic-based keep-alive); one that does not complete within kato
     * (nvme_keep_alive_work: rq->timeout = ctrl->kato * HZ) times out, and nvme_rdma_timeout starts error recovery.
     * Only in runs with faults, like the request timeouts: fault-free runs schedule no timer.
     */
    private void startKeepAlive() {
        if (settings.keepAliveTmoNs() == 0 || host.dataFaults() == org.hcasim.host.DataFaults.NONE) {
            return;
        }
        HostQueue queue = admin;
        host.timer(settings.keepAliveTmoNs() / 2, 0, "nvme keep-alive", () -> keepAlive(queue));
    }

    /** nvme_keep_alive_work on the admin queue {@code queue}; stops once the controller left it (reset or removed). */
    private void keepAlive(HostQueue queue) {
        if (state != ControllerState.LIVE || admin != queue) {
            return;
        }
        boolean[] done = {false};
        long sentNs = host.now();
        org.hcasim.host.Cancellable timeout = host.timer(settings.keepAliveTmoNs(), 0, "nvme keep-alive timeout", () -> {
            if (done[0] || admin != queue || state != ControllerState.LIVE) return;
            host.dataFaults().caught("nvmeof keep-alive timeout");
            queue.expire("keep-alive timed out after " + settings.katoSeconds() + " s");
        });
        queue.submit(new HostCommand((cid, dptr) -> NvmeCommand.keepAlive(cid), HostCommand.Direction.NONE, 0, 0,
                (cqe, detail) -> {
                    done[0] = true;
                    timeout.cancel();
                    if (cqe.ok()) { // nvme_keep_alive_end_io: the next one a period after this one went out
                        long next = Math.max(0, sentNs + settings.keepAliveTmoNs() / 2 - host.now());
                        host.timer(next, 0, "nvme keep-alive", () -> keepAlive(queue));
                    }
                }));
    }

    /** A queue failed: a live controller starts error recovery; otherwise the connect attempt handles it. */
    private void queueFailed(String why) {
        if (state != ControllerState.LIVE) {
            return;
        }
        state = ControllerState.RESETTING;
        host.dataFaults().recoveryStep("nvmeof controller resets");
        stopQueues("error recovery (" + why + ")");
        reconnectOrRemove();
    }

    /** nvme_rdma_teardown_io_queues and _admin_queue: stop every queue, cancelling (requeueing) what it holds. */
    private void stopQueues(String why) {
        for (HostQueue q : ioQueues) {
            q.shutdown(why);
        }
        if (admin != null) {
            admin.shutdown(why);
        }
    }

    /** nvme_rdma_reconnect_or_remove: try again after reconnect-delay while attempts remain, else remove. */
    private void reconnectOrRemove() {
        if (nrReconnects >= settings.maxReconnects()) {
            remove();
            return;
        }
        state = ControllerState.CONNECTING;
        host.timer(settings.reconnectDelayNs(), 0, "nvme reconnect", this::reconnect);
    }

    private void reconnect() {
        nrReconnects++;
        host.dataFaults().recoveryStep("nvmeof reconnect attempts");
        boolean[] concluded = {false};
        setUp(() -> {
            if (concluded[0]) return;
            concluded[0] = true;
            nrReconnects = 0;
            state = ControllerState.LIVE;
            startKeepAlive();
            host.dataFaults().recovery("nvmeof controller reconnects", true);
            for (int n = requeued.size(); n > 0; n--) { // blk_mq_unquiesce: the requeued requests go out
                dispatch(requeued.poll());
            }
        }, why -> {
            if (concluded[0]) return;
            concluded[0] = true;
            stopQueues("reconnect attempt failed (" + why + ")");
            reconnectOrRemove();
        });
    }

    /** ctrl_loss_tmo ran out: the controller is removed and every waiting request fails with an I/O error. */
    private void remove() {
        state = ControllerState.DELETING;
        host.dataFaults().recovery("nvmeof controllers removed after ctrl-loss-tmo", false);
        for (int n = requeued.size(); n > 0; n--) {
            failRemoved(requeued.poll());
        }
    }

    private void failRemoved(PendingIo io) {
        host.dataFaults().recovery("nvmeof I/Os failed after ctrl-loss-tmo", false);
        org.hcasim.block.BlockCompletion error = removedError(io);
        host.run(io.core, org.hcasim.host.Priority.SOFT_IRQ, "nvme fail removed", () -> io.done.completed(error));
    }

    private org.hcasim.block.BlockCompletion removedError(PendingIo io) {
        return org.hcasim.block.BlockCompletion.error(org.hcasim.block.BlockStatus.IO_ERROR,
                io.device.name() + ": controller removed after ctrl-loss-tmo (" + nrReconnects + " reconnect attempts failed)");
    }

    /** Maps an NVMe completion status to what the block layer reports. */
    static org.hcasim.block.BlockCompletion toBlock(NvmeCompletion cqe, String device, String hostDetail) {
        if (cqe.ok()) {
            return org.hcasim.block.BlockCompletion.SUCCESS;
        }
        String detail = device + ": " + (hostDetail.isEmpty() ? "" : hostDetail + ", ") + "NVMe status 0x"
                + Integer.toHexString(cqe.status());
        org.hcasim.block.BlockStatus s;
        if (cqe.statusCodeType() == NvmeCompletion.SCT_MEDIA) {
            s = switch (cqe.statusCode()) {
                case NvmeCompletion.SC_GUARD_CHECK -> org.hcasim.block.BlockStatus.GUARD_CHECK_ERROR;
                case NvmeCompletion.SC_APPTAG_CHECK -> org.hcasim.block.BlockStatus.APP_TAG_CHECK_ERROR;
                case NvmeCompletion.SC_REFTAG_CHECK -> org.hcasim.block.BlockStatus.REF_TAG_CHECK_ERROR;
                default -> org.hcasim.block.BlockStatus.IO_ERROR;
            };
        } else if (cqe.statusCodeType() == NvmeCompletion.SCT_GENERIC) {
            s = switch (cqe.statusCode()) {
                case NvmeCompletion.SC_LBA_RANGE -> org.hcasim.block.BlockStatus.LBA_OUT_OF_RANGE;
                case NvmeCompletion.SC_INVALID_FIELD, NvmeCompletion.SC_INVALID_NAMESPACE,
                     NvmeCompletion.SC_SGL_INVALID_DATA -> org.hcasim.block.BlockStatus.INVALID_REQUEST;
                default -> org.hcasim.block.BlockStatus.IO_ERROR;
            };
        } else {
            s = org.hcasim.block.BlockStatus.IO_ERROR;
        }
        if (s.isProtectionError() && hostDetail.isEmpty()) {
            // the target found it: Linux names the status ("Guard Check Error", ...)
            detail += " (" + s.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " from the target)";
        }
        return org.hcasim.block.BlockCompletion.error(s, detail);
    }
}
