package org.hcasim.core.verbs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.hw.Fabric;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.hw.HcaHardware;
import org.hcasim.core.hw.HcaParams;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.verbs.mkey.Mkey;
import org.hcasim.core.verbs.mkey.MkeyTable;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.verbs.DeviceLimitException;
import org.hcasim.verbs.AsyncEvent;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.ConnectionManager;
import org.hcasim.verbs.CqCreator;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.DeviceAttributes;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.VerbsException;

/** A simulated HCA port on a host: owns the mkeys, QPs and CQs and the data path timing. */
public final class SimRdmaDevice implements RdmaDevice {
    private final SimHost host;
    private final String name;
    private final DeviceAttributes attributes;
    private final HcaHardware hardware;
    private final VerbsFabric fabric;
    private final HcaDataPath dataPath;
    private final MkeyTable keys;
    private final SimConnectionManager cm;
    private final SharedCqPool cqPool = new SharedCqPool(this);
    /** The timed user-registration path with the MR cache, made on first use. */
    private UserMrPath userMrs;
    private final List<AsyncEvent> unhandledEvents = new ArrayList<>();
    private Consumer<AsyncEvent> asyncHandler;
    private static final int FIRST_QP_NUM = 0x100;
    private int nextQpNum = FIRST_QP_NUM;
    /** Live QPs by number - FIRST_QP_NUM (numbers are handed out in order and never reused). */
    private SimQueuePair[] qpsByNum = new SimQueuePair[16];
    private int nextSrqNum = 1;
    private int qpCount;
    private int cqCount;
    private int pdCount;
    private int srqCount;

    /**
     * Installs a device with the timing of an HCA profile ({@code Profiles.hca("connectx5").params()}) and the
     * verbs limits of that HCA (its profile's {@code hca.verbs.*}); one completion vector per core.
     */
    public SimRdmaDevice(SimHost host, String name, HcaParams params) {
        this(host, name, params, null);
    }

    /**
     * Another port of {@code sameAdapter}'s HCA as its own device (mlx5_1 beside mlx5_0): its own hardware
     * except the PCIe link, which it shares with {@code sameAdapter}; null installs a separate adapter.
     */
    public SimRdmaDevice(SimHost host, String name, HcaParams params, SimRdmaDevice sameAdapter) {
        this.host = host;
        this.name = name;
        this.fabric = VerbsFabric.of(host.simulation());
        Fabric ports = hardwareFabric(host.simulation(), params);
        String hwName = host.name() + "/" + name;
        this.hardware = sameAdapter == null ? new HcaHardware(host.simulation(), host, hwName, params, ports)
                : new HcaHardware(host.simulation(), host, hwName, params, ports, sameAdapter.hardware.pcie());
        if (sameAdapter == null) {
            hardware.pcie().onDmaWrite(host::inboundDma);
        }
        this.attributes = params.verbs().attributes(hardware.completionVectors());
        this.dataPath = new HardwareDataPath(hardware);
        this.keys = new MkeyTable(attributes.maxMr(), host.memory(), fabric.payloadBuffers());
        this.cm = new SimConnectionManager(this);
        fabric.addDevice(this);
        host.addDevice(this);
    }

    @Override
    public String name() {
        return name;
    }

    /** The host the device is installed in. */
    public Host host() {
        return host;
    }

    SimHost simHost() {
        return host;
    }

    @Override
    public DeviceAttributes attributes() {
        return attributes;
    }

    /** The timed hardware (PCIe, engines, translation cache, firmware, port, event queues) for reports. */
    public HcaHardware hardware() {
        return hardware;
    }

    private static Fabric hardwareFabric(Simulation sim, HcaParams params) {
        return sim.componentOrAttach(Fabric.class, () -> new Fabric(sim, params.switchLatencyNs()));
    }

    @Override
    public ProtectionDomain allocPd() {
        if (pdCount >= attributes.maxPd()) {
            throw new DeviceLimitException(Errno.ENOMEM, name + ": maximum of " + attributes.maxPd() + " PDs reached",
                    "hca.verbs.max-pd");
        }
        pdCount++;
        return new SimProtectionDomain(this);
    }

    void pdReleased() {
        pdCount--;
    }

    @Override
    public CompletionQueue createCq(CqInit init) {
        if (init.cqe() > attributes.maxCqe()) {
            throw new DeviceLimitException(Errno.EINVAL, name + ": CQ size " + init.cqe() + " outside 1.."
                    + attributes.maxCqe(), "hca.verbs.max-cqe");
        }
        if (init.cqe() < 1) {
            throw new VerbsException(Errno.EINVAL, name + ": CQ size " + init.cqe() + " outside 1.."
                    + attributes.maxCqe());
        }
        if (init.compVector() < 0 || init.compVector() >= attributes.numCompVectors()) {
            throw new VerbsException(Errno.EINVAL, name + ": completion vector " + init.compVector()
                    + " outside 0.." + (attributes.numCompVectors() - 1));
        }
        if (init.eventHandler() != null && init.pollContext() != PollContext.DIRECT) {
            throw new VerbsException(Errno.EINVAL, name + ": an event handler is only for DIRECT CQs; "
                    + init.pollContext() + " CQs run their callbacks themselves");
        }
        if (cqCount >= attributes.maxCq()) {
            throw new DeviceLimitException(Errno.ENOMEM, name + ": maximum of " + attributes.maxCq() + " CQs reached",
                    "hca.verbs.max-cq");
        }
        cqCount++;
        firmwareCommand(FirmwareCommand.CREATE_CQ);
        return new SimCompletionQueue(this, init);
    }

    @Override
    public CompletionQueue cqPoolGet(int nrCqe, int compVectorHint, PollContext pollContext, CqCreator creator) {
        return cqPool.get(nrCqe, compVectorHint, pollContext, creator);
    }

    @Override
    public void cqPoolPut(CompletionQueue cq, int nrCqe) {
        cqPool.put(cq, nrCqe);
    }

    /** The device's shared CQ pools (tests and reports). */
    SharedCqPool cqPool() {
        return cqPool;
    }

    void cqReleased() {
        cqCount--;
    }

    @Override
    public ConnectionManager connectionManager() {
        return cm;
    }

    @Override
    public void setAsyncEventHandler(Consumer<AsyncEvent> handler) {
        this.asyncHandler = handler;
    }

    /** Events raised while no handler was set (kept so that nothing is lost silently). */
    public List<AsyncEvent> unhandledAsyncEvents() {
        return List.copyOf(unhandledEvents);
    }

    /** Raises an async event: the handler runs in hard-IRQ context on core 0 (the async EQ's vector). */
    void raise(AsyncEventType type, Object source, String detail) {
        AsyncEvent event = new AsyncEvent(type, source, detail);
        Consumer<AsyncEvent> h = asyncHandler;
        if (h == null) {
            unhandledEvents.add(event);
            return;
        }
        host.run(0, Priority.HARD_IRQ, "async-event", () -> h.accept(event));
    }

    int allocateQpNum() {
        if (qpCount >= attributes.maxQp()) {
            throw new DeviceLimitException(Errno.ENOMEM, name + ": maximum of " + attributes.maxQp() + " QPs reached",
                    "hca.verbs.max-qp");
        }
        qpCount++;
        return nextQpNum++;
    }

    void registerQp(SimQueuePair qp) {
        int i = qp.qpNum() - FIRST_QP_NUM;
        if (i >= qpsByNum.length) {
            qpsByNum = java.util.Arrays.copyOf(qpsByNum, Math.max(2 * qpsByNum.length, i + 1));
        }
        qpsByNum[i] = qp;
    }

    void unregisterQp(SimQueuePair qp) {
        int i = qp.qpNum() - FIRST_QP_NUM;
        if (i >= 0 && i < qpsByNum.length && qpsByNum[i] == qp) {
            qpsByNum[i] = null;
        }
    }

    /** The live QP numbered {@code qpNum} on this device, or null. */
    SimQueuePair qpAt(int qpNum) {
        int i = qpNum - FIRST_QP_NUM;
        return i >= 0 && i < qpsByNum.length ? qpsByNum[i] : null;
    }

    void qpReleased() {
        qpCount--;
    }

    int allocateSrqNum() {
        if (srqCount >= attributes.maxSrq()) {
            throw new DeviceLimitException(Errno.ENOMEM, name + ": maximum of " + attributes.maxSrq() + " SRQs reached",
                    "hca.verbs.max-srq");
        }
        srqCount++;
        return nextSrqNum++;
    }

    void srqReleased() {
        srqCount--;
    }

    /** What the device holds now: what a ULP that tears connections down must give back (tests of leaks). */
    public record ObjectCounts(int pds, int qps, int cqs, int srqs, int mrs) {
    }

    /** The live protection domains, QPs, CQs, SRQs and memory keys (MRs) of this device. */
    public ObjectCounts objectCounts() {
        return new ObjectCounts(pdCount, qpCount, cqCount, srqCount, keys.liveCount());
    }

    Simulation simulation() {
        return host.simulation();
    }

    EventLoop loop() {
        return host.simulation().loop();
    }

    VerbsFabric fabric() {
        return fabric;
    }

    HcaDataPath dataPath() {
        return dataPath;
    }

    MkeyTable keys() {
        return keys;
    }

    UserMrPath userMrs() {
        if (userMrs == null) {
            userMrs = new UserMrPath(this);
        }
        return userMrs;
    }

    /** The user-registration path if a registration used it (for run reports), else null. */
    UserMrPath userMrsIfUsed() {
        return userMrs;
    }

    /**
     * When the HCA has the translation of {@code length} bytes at {@code address} through {@code key}:
     * physical-address keys (the local DMA key, a PD's unsafe global key) need no lookup; others go through the
     * translation cache, on the receive pipeline ({@code onReceive}, where a miss pauses the port) or the send side.
     */
    long translated(long t, int key, long address, long length, boolean onReceive) {
        return translated(t, key, address, length, onReceive, !onReceive);
    }

    /**
     * Like {@link #translated(long, int, long, long, boolean)} for an access whose direction the receive flag does
     * not tell: {@code readsMemory} for an RDMA READ the responder serves (the HCA reads memory on the receive side).
     * Through an integrity key the signature engine's timing applies ({@link IntegrityAccess}).
     */
    long translated(long t, int key, long address, long length, boolean onReceive, boolean readsMemory) {
        if (keys.isPhysical(key)) {
            return t;
        }
        int index = key >>> 8;
        Mkey k = keys.find(key);
        IntegrityAccess integrity = k == null ? null : IntegrityAccess.of(k, address, length, readsMemory);
        if (integrity != null) {
            return dataPath.translateIntegrity(t, index, integrity, onReceive);
        }
        int pageSize = keys.pageSizeOf(key);
        boolean klm = keys.isKlm(key);
        return onReceive ? dataPath.translateOnReceive(t, index, address, length, pageSize, klm)
                : dataPath.translate(t, index, address, length, pageSize, klm);
    }

    /**
     * Runs a firmware command: serialized on the command interface. A caller inside a task waits for it
     * (charged, as the command's completion is polled); set-up code outside tasks does not.
     */
    void firmwareCommand(FirmwareCommand command) {
        firmwareCommand(command, 0);
    }

    /**
     * Submits a firmware command without waiting for it (the caller sleeps until its completion event rather than
     * polling); returns the time the firmware reports its completion.
     */
    long submitFirmwareCommand(FirmwareCommand command) {
        return dataPath.firmwareCommand(host.now(), command, 0);
    }

    /** {@link #firmwareCommand(FirmwareCommand)} for an mkey with {@code translationBytes} of translation entries. */
    void firmwareCommand(FirmwareCommand command, long translationBytes) {
        long start = host.now();
        long done = dataPath.firmwareCommand(start, command, translationBytes);
        if (host.inTask()) {
            host.busyWait(done - start);
        }
    }

    @Override
    public String toString() {
        return host.name() + "/" + name;
    }
}
