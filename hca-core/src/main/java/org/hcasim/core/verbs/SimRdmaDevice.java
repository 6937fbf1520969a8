package org.hcasim.core.verbs;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.verbs.AsyncEvent;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.ConnectionManager;
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
    private final HcaTimingParameters timing;
    private final VerbsFabric fabric;
    private final HcaDataPath dataPath;
    private final MkeyTable keys;
    private final SimConnectionManager cm;
    private final List<AsyncEvent> unhandledEvents = new ArrayList<>();
    private Consumer<AsyncEvent> asyncHandler;
    private int nextQpNum = 0x100;
    private int nextSrqNum = 1;
    private int qpCount;
    private int cqCount;
    private int pdCount;
    private int srqCount;

    public SimRdmaDevice(SimHost host, String name, DeviceAttributes attributes, HcaTimingParameters timing) {
        this.host = host;
        this.name = name;
        this.attributes = attributes;
        this.timing = timing;
        this.fabric = VerbsFabric.of(host.simulation(), timing);
        this.dataPath = new TimelineDataPath(host.simulation(), host.name() + "/" + name, timing);
        this.keys = new MkeyTable(attributes.maxMr(), host.memory());
        this.cm = new SimConnectionManager(this);
        fabric.addDevice(this);
        host.addDevice(this);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
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

    public HcaTimingParameters timing() {
        return timing;
    }

    @Override
    public ProtectionDomain allocPd() {
        if (pdCount >= attributes.maxPd()) {
            throw new VerbsException(Errno.ENOMEM, name + ": maximum of " + attributes.maxPd() + " PDs reached");
        }
        pdCount++;
        return new SimProtectionDomain(this);
    }

    void pdReleased() {
        pdCount--;
    }

    @Override
    public CompletionQueue createCq(CqInit init) {
        if (init.cqe() < 1 || init.cqe() > attributes.maxCqe()) {
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
            throw new VerbsException(Errno.ENOMEM, name + ": maximum of " + attributes.maxCq() + " CQs reached");
        }
        cqCount++;
        return new SimCompletionQueue(this, init);
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
            throw new VerbsException(Errno.ENOMEM, name + ": maximum of " + attributes.maxQp() + " QPs reached");
        }
        qpCount++;
        return nextQpNum++;
    }

    void qpReleased() {
        qpCount--;
    }

    int allocateSrqNum() {
        if (srqCount >= attributes.maxSrq()) {
            throw new VerbsException(Errno.ENOMEM, name + ": maximum of " + attributes.maxSrq() + " SRQs reached");
        }
        srqCount++;
        return nextSrqNum++;
    }

    void srqReleased() {
        srqCount--;
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

    /** Core that takes the interrupts of completion vector {@code vector}. */
    int coreOfVector(int vector) {
        return vector % host.coreCount();
    }

    /**
     * Runs a firmware command: serialized on the command interface. A caller inside a task waits for it
     * (charged, as the command's completion is polled); set-up code outside tasks does not.
     */
    void firmwareCommand(long commandNs) {
        long start = host.now();
        long done = dataPath.firmwareCommand(start, commandNs);
        if (host.inTask()) {
            host.charge(done - start);
        }
    }

    /** Busy time per data path stage, for utilisation reports and benchmarks. */
    public java.util.Map<String, Long> stageBusyNs() {
        return dataPath.busyNs();
    }

    @Override
    public String toString() {
        return host.name() + "/" + name;
    }
}
