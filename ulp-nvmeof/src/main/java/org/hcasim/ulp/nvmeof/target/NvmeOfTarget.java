package org.hcasim.ulp.nvmeof.target;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hcasim.block.BlockBackstore;
import org.hcasim.block.BlockBackstores;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockTarget;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.CqPolicy;
import org.hcasim.spi.policy.SrqPolicy;
import org.hcasim.ulp.nvmeof.capsule.ConnectPrivateData;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.settings.TargetAddress;
import org.hcasim.ulp.nvmeof.settings.TargetSettings;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkRequest;

/**
 * The NVMe/RDMA target (nvmet-rdma with one subsystem): listens on every RDMA device of its host, accepts
 * queues whose connect private data is valid, and serves the namespaces from backstores. Receive buffers
 * hold a 64-byte command plus {@code inline-data-size} bytes of in-capsule data. Queues are numbered in accept
 * order over the whole target, admin queues included (nvmet-rdma's queue IDA); an I/O queue gets completion
 * vector index % vectors, an admin queue vector 0.
 */
public final class NvmeOfTarget implements BlockTarget {

    /** nvmet-rdma: NVMET_QUEUE_SIZE, the largest queue it accepts. */
    static final int MAX_QUEUE_SIZE = 1024;

    private final Host host;
    private final String address;
    private final TargetAddress listenAt;
    private final TargetSettings settings;
    private final SrqPolicy srqPolicy;
    private final CqPolicy cqPolicy;
    private final List<BlockNamespaceSpec> namespaces;
    private final List<BlockBackstore> backstores = new ArrayList<>();
    private final List<TargetPort> ports = new ArrayList<>();
    private final Map<CmId, TargetQueue> queues = new IdentityHashMap<>();
    private final Set<Integer> controllers = new HashSet<>();
    private final ArrayDeque<Long> responseBuffers = new ArrayDeque<>();
    private final List<String> log = new ArrayList<>();
    private long integrityTransfers;
    private long signatureErrors;
    private int nextCntlid = 1;
    private int queueIndex;
    private boolean started;

    /** The host this target runs on. */
    Host host() {
        return host;
    }

    public NvmeOfTarget(Host host, String address, List<BlockNamespaceSpec> namespaces, TargetSettings settings,
                        SrqPolicy srqPolicy, CqPolicy cqPolicy) {
        if (namespaces.isEmpty()) {
            throw new IllegalArgumentException("nvmeof target at " + address + ": a subsystem needs at least one namespace");
        }
        this.host = host;
        this.address = address;
        this.listenAt = TargetAddress.parse(address);
        this.settings = settings;
        this.srqPolicy = srqPolicy;
        this.cqPolicy = cqPolicy;
        this.namespaces = List.copyOf(namespaces);
        for (BlockNamespaceSpec spec : namespaces) {
            backstores.add(BlockBackstores.create(spec, host));
        }
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public List<BlockNamespaceSpec> namespaces() {
        return namespaces;
    }

    @Override
    public void start() {
        if (started) {
            throw new IllegalStateException("nvmeof target at " + address + " was already started");
        }
        started = true;
        if (host.devices().isEmpty()) {
            throw new IllegalStateException("nvmeof target: host " + host.name() + " has no RDMA device to listen on");
        }
        for (RdmaDevice device : host.devices()) {
            TargetPort port = new TargetPort(device, this);
            ports.add(port);
            device.connectionManager().listen(listenAt.serviceId(), event -> onCmEvent(port, event));
        }
    }

    TargetSettings settings() {
        return settings;
    }

    SrqPolicy srqPolicy() {
        return srqPolicy;
    }

    CqPolicy cqPolicy() {
        return cqPolicy;
    }

    /** The connected queues, in no particular order (tests). */
    java.util.Collection<TargetQueue> liveQueues() {
        return java.util.List.copyOf(queues.values());
    }

    /** Receive-buffer memory the ports' receive queues commit now, in bytes. */
    public long receiveBufferBytes() {
        long sum = 0;
        for (TargetPort port : ports) {
            sum += port.receiveQueues().committedBytes();
        }
        return sum;
    }

    List<BlockBackstore> backstores() {
        return backstores;
    }

    /** Namespace {@code nsid} (1-based), or null. */
    BlockBackstore namespace(int nsid) {
        return nsid >= 1 && nsid <= backstores.size() ? backstores.get(nsid - 1) : null;
    }

    int newController() {
        int id = nextCntlid++;
        controllers.add(id);
        return id;
    }

    /** The keep-alive of controller {@code cntlid}, made by its admin Connect with {@code katoMs}; null without one. */
    ControllerKeepAlive keepAlive(int cntlid, long katoMs) {
        if (katoMs > 0) {
            keepAlives.putIfAbsent(cntlid, new ControllerKeepAlive(host(), katoMs));
        }
        return keepAlives.get(cntlid);
    }

    private final java.util.Map<Integer, ControllerKeepAlive> keepAlives = new java.util.HashMap<>();

    boolean hasController(int cntlid) {
        return controllers.contains(cntlid);
    }

    /** Messages about queues the target dropped (for tests and diagnostics). */
    public List<String> log() {
        return List.copyOf(log);
    }

    void log(String message) {
        log.add(message);
    }

    /** What the target's HCA signature engine did: transfers through integrity MRs, errors it found. */
    public record PiCounters(long integrityTransfers, long signatureErrors) {
    }

    public PiCounters piCounters() {
        return new PiCounters(integrityTransfers, signatureErrors);
    }

    void countIntegrityTransfer(boolean signatureError) {
        integrityTransfers++;
        if (signatureError) {
            signatureErrors++;
        }
    }

    /** Receive SGEs per command: the capsule, plus one for in-capsule data when enabled. */
    int recvSges() {
        return settings.inlineDataSize() > 0 ? 2 : 1;
    }

    /** A receive for one command capsule: 64 bytes of command, then the in-capsule data buffer. */
    WorkRequest.Recv newCommandReceive(Host h, ProtectionDomain pd, CompletionCallback done) {
        List<Sge> sgl = new ArrayList<>(2);
        sgl.add(new Sge(h.memory().allocate(NvmeCommand.BYTES, 64), NvmeCommand.BYTES, pd.localDmaLkey()));
        if (settings.inlineDataSize() > 0) {
            sgl.add(new Sge(h.memory().allocate(settings.inlineDataSize(), 4096), settings.inlineDataSize(),
                    pd.localDmaLkey()));
        }
        return new WorkRequest.Recv(sgl, done);
    }

    long takeResponseBuffer(Host h) {
        Long b = responseBuffers.poll();
        return b != null ? b : h.memory().allocate(org.hcasim.ulp.nvmeof.capsule.NvmeCompletion.BYTES, 16);
    }

    void returnResponseBuffer(long buffer) {
        responseBuffers.add(buffer);
    }

    private void onCmEvent(TargetPort port, CmEvent event) {
        switch (event) {
            case CmEvent.ConnectRequest r -> connectRequest(port, r);
            case CmEvent.Disconnected d -> {
                TargetQueue q = queues.remove(d.id());
                if (q != null) {
                    q.disconnected();
                }
            }
            default -> { }
        }
    }

    private void connectRequest(TargetPort port, CmEvent.ConnectRequest r) {
        ConnectPrivateData.Request req;
        try {
            req = ConnectPrivateData.Request.decode(r.privateData());
        } catch (IllegalArgumentException e) {
            log("connect from " + r.id().remoteHost() + " refused: " + e.getMessage());
            r.id().reject(new ConnectPrivateData.Reject(ConnectPrivateData.REJECT_INVALID_QID).encode());
            return;
        }
        int rejectStatus = 0;
        if (req.hsqsize() < 1 || req.hsqsize() + 1 > MAX_QUEUE_SIZE) {
            rejectStatus = ConnectPrivateData.REJECT_INVALID_HSQSIZE;
        } else if (req.hrqsize() < 1 || req.hrqsize() > MAX_QUEUE_SIZE) {
            rejectStatus = ConnectPrivateData.REJECT_INVALID_HRQSIZE;
        }
        if (rejectStatus != 0) {
            log(String.format("connect of queue %d from %s refused: hsqsize %d, hrqsize %d", req.qid(),
                    r.id().remoteHost(), req.hsqsize(), req.hrqsize()));
            r.id().reject(new ConnectPrivateData.Reject(rejectStatus).encode());
            return;
        }
        int vectors = port.device.attributes().numCompVectors();
        // nvmet_rdma_alloc_queue: queue->idx from one target-wide IDA over every queue, admin queues included;
        // comp_vector = admin ? 0 : idx % num_comp_vectors (so each controller's I/O queues start one vector on)
        int index = queueIndex++;
        int vector = req.qid() == 0 ? 0 : index % vectors;
        TargetQueue q = new TargetQueue(port, req, vector);
        q.bind(r.id());
        queues.put(r.id(), q);
        q.accept(r.id());
    }
}
