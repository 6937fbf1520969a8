package org.hcasim.core.verbs;

import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * {@link HcaDataPath} built from FIFO timelines: PCIe (one per direction), send and receive engines, the UMR
 * engine, the translation unit with its cache, and the firmware command interface.
 */
final class TimelineDataPath implements HcaDataPath {
    private final HcaTimingParameters p;
    private final Timeline pcieToHca;
    private final Timeline pcieToHost;
    private final Timeline sendEngine;
    private final Timeline receiveEngine;
    private final Timeline umrEngine;
    private final Timeline translationUnit;
    private final Timeline firmware;
    private final TranslationCache cache;

    TimelineDataPath(Simulation sim, String device, HcaTimingParameters p) {
        this.p = p;
        this.pcieToHca = sim.timeline(device + "/pcie-to-hca", ResourceKind.PCIE, 1);
        this.pcieToHost = sim.timeline(device + "/pcie-to-host", ResourceKind.PCIE, 1);
        this.sendEngine = sim.timeline(device + "/send-engine", ResourceKind.HCA_ENGINE, p.sendEngines());
        this.receiveEngine = sim.timeline(device + "/receive-engine", ResourceKind.HCA_ENGINE, p.receiveEngines());
        this.umrEngine = sim.timeline(device + "/umr-engine", ResourceKind.HCA_ENGINE, 1);
        this.translationUnit = sim.timeline(device + "/translation", ResourceKind.TRANSLATION, 1);
        this.firmware = sim.timeline(device + "/firmware-cmd", ResourceKind.FIRMWARE, 1);
        this.cache = new TranslationCache(p.translationCacheEntries());
    }

    private long pcieNs(long bytes) {
        return (long) Math.ceil(bytes / p.pcieGBps());
    }

    @Override
    public long fetchWqe(long t, int wqeBytes, boolean writtenByCpu) {
        return writtenByCpu ? t : dmaRead(t, wqeBytes);
    }

    @Override
    public long sendEngine(long t) {
        return sendEngine.acquire(t, p.sendEngineNs());
    }

    @Override
    public long receiveEngine(long t) {
        return receiveEngine.acquire(t, p.receiveEngineNs());
    }

    @Override
    public long umr(long t, int listBytes) {
        if (listBytes <= p.umrInlineMaxBytes()) {
            return umrEngine.acquire(t, p.umrEngineNs(), "umr-inline");
        }
        // The UMR engine stalls until the list arrives: book the PCIe transfer, then the engine for the
        // round trip plus its own work (it cannot start the next UMR meanwhile).
        pcieToHca.acquire(t, pcieNs(listBytes));
        return umrEngine.acquire(t, p.pcieReadLatencyNs() + pcieNs(listBytes) + p.umrEngineNs(), "umr-fetch");
    }

    @Override
    public long translate(long t, int keyIndex, long address, long length, int pageSize, boolean klm) {
        if (length <= 0) {
            return t;
        }
        long firstPage = Math.floorDiv(address, pageSize);
        long lastPage = Math.floorDiv(address + length - 1, pageSize);
        long entries = lastPage - firstPage + 1;
        boolean miss = false;
        for (long page = firstPage; page <= lastPage; page++) {
            miss |= !cache.touch(keyIndex, page);
        }
        long work = entries * (p.translationHitNs() + (klm ? p.klmExtraLookupNs() : 0));
        long done = translationUnit.acquire(t, work, "translate");
        return miss ? dmaRead(done, 8L * entries) : done;
    }

    @Override
    public long dmaRead(long t, long bytes) {
        long transferred = pcieToHca.acquire(t, pcieNs(bytes));
        return transferred + p.pcieReadLatencyNs();
    }

    @Override
    public long dmaWrite(long t, long bytes) {
        long transferred = pcieToHost.acquire(t, pcieNs(bytes));
        return transferred + p.pcieWriteLatencyNs();
    }

    @Override
    public long writeCqe(long t) {
        return dmaWrite(t, p.cqeBytes());
    }

    @Override
    public long firmwareCommand(long t, long commandNs) {
        return firmware.acquire(t, commandNs, "fw-cmd");
    }

    @Override
    public Map<String, Long> busyNs() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Timeline tl : new Timeline[] {pcieToHca, pcieToHost, sendEngine, receiveEngine, umrEngine,
                translationUnit, firmware}) {
            m.put(tl.name(), tl.busyNs());
        }
        return m;
    }
}
