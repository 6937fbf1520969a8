package org.hcasim.core.hw;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.sim.Simulation;
import org.hcasim.host.Host;

/**
 * The timed hardware of one HCA installed in a host, assembled from {@link HcaParams}: PCIe link, send /
 * receive / UMR engines, translation cache, firmware command interface, a fabric port, and one event queue with
 * its MSI-X vector per completion vector (vector i on core i mod cores, as with irqbalance off and one vector
 * per CPU). The verbs engine composes the data path from these parts:
 *
 * <pre>
 * doorbell   pcie.mmioWrite(host.now(), 8)
 * WQE fetch  pcie.dmaRead(t, wqeBytes)                         (skip when inline / BlueFlame)
 * UMR        umrEngine.submit(t, listBytes, listBytes, label, target, op, arg)   (list &gt; inline max: fetched)
 *            umrEngine.submit(t, 0, listBytes, label, target, op, arg)           (inline list)
 * SRQ WQE    pcie.dmaRead(t, wqeBytes), each read of one SRQ after the one before (core.verbs.SrqWqeChain);
 *            the receive pipeline: port.srqReceive(t, wqe on chip, srqWqeFetchStallNs), in order per port
 * translate  translation.translate(t, mkey, firstEntry, entries, 8 or 16) (+ klmIndirectionNs for KLM)
 * integrity  signature.gather(t, intervals, ...) / signature.scatter(...)    (accesses through integrity keys)
 * payload    pcie.dmaRead(t, bytes) / pcie.dmaWrite(t, bytes)
 * wire       fabric.transmit(t, port, remotePort, bytes)
 * CQE        pcie.dmaWrite(t, cqeBytes) then CqModeration.cqeWritten(visibleAt)
 * </pre>
 */
public final class HcaHardware {
    private final HcaParams params;
    private final PcieLink pcie;
    private final ProcessingEngine sendEngine;
    private final ProcessingEngine receiveEngine;
    private final FetchingEngine umrEngine;
    private final TranslationCache translation;
    private final SignaturePipeline signature;
    private final FirmwareCommandInterface firmware;
    private final Port port;
    private final List<EventQueue> eventQueues = new ArrayList<>();

    /** {@code name} must be unique in the simulation (e.g. "target/mlx5_0"); it prefixes every resource. */
    public HcaHardware(Simulation sim, Host host, String name, HcaParams params, Fabric fabric) {
        this(sim, host, name, params, fabric, new PcieLink(sim, name + "/pcie", params.pcie()));
    }

    /**
     * Another port of an adapter used as its own device: its own engines, caches, firmware queue, port and
     * event queues, on the adapter's {@code sharedPcie} link (a dual-port ConnectX shows as two PCI functions
     * behind one x16 link).
     */
    public HcaHardware(Simulation sim, Host host, String name, HcaParams params, Fabric fabric, PcieLink sharedPcie) {
        this.params = params;
        this.pcie = sharedPcie;
        this.sendEngine = new ProcessingEngine(sim, name + "/send-engine", params.sendEngine());
        this.receiveEngine = new ProcessingEngine(sim, name + "/receive-engine", params.receiveEngine());
        this.umrEngine = new FetchingEngine(sim, name + "/umr-engine", params.umrEngine(), pcie, "registration-list fetch");
        this.translation = new TranslationCache(sim, name + "/translation-cache", params.translation(), pcie);
        this.signature = new SignaturePipeline(sim, name + "/signature-engine", params.signature(),
                params.pcie().readLatencyNs());
        this.firmware = new FirmwareCommandInterface(sim, name + "/firmware", params.firmwareParallelCommands(),
                params.firmwareLatencyNs(), pcie.payloadBytesPerNs());
        this.port = fabric.addPort(name + "/port1", params.link());
        int vectors = Math.min(params.maxCompletionVectors(), host.coreCount());
        for (int v = 0; v < vectors; v++) {
            MsixVector msix = new MsixVector(sim, host, name + "/comp" + v, v % host.coreCount());
            eventQueues.add(new EventQueue(host, pcie, msix));
        }
    }

    public HcaParams params() {
        return params;
    }

    public PcieLink pcie() {
        return pcie;
    }

    public ProcessingEngine sendEngine() {
        return sendEngine;
    }

    public ProcessingEngine receiveEngine() {
        return receiveEngine;
    }

    public FetchingEngine umrEngine() {
        return umrEngine;
    }

    public TranslationCache translation() {
        return translation;
    }

    public SignaturePipeline signature() {
        return signature;
    }

    public FirmwareCommandInterface firmware() {
        return firmware;
    }

    public Port port() {
        return port;
    }

    /** Number of completion vectors: min(device maximum, host cores). */
    public int completionVectors() {
        return eventQueues.size();
    }

    /** The event queue of completion vector {@code vector}. */
    public EventQueue eventQueue(int vector) {
        if (vector < 0 || vector >= eventQueues.size()) {
            throw new IllegalArgumentException("completion vector " + vector + " does not exist (device has "
                    + eventQueues.size() + ")");
        }
        return eventQueues.get(vector);
    }
}
