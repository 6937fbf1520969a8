package org.hcasim.core.verbs;

import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.hw.HcaHardware;
import org.hcasim.core.sim.EventTarget;

/** {@link HcaDataPath} composed from the kernel's HCA hardware model (PCIe, engines, translation cache, firmware). */
final class HardwareDataPath implements HcaDataPath {
    private final HcaHardware hw;

    HardwareDataPath(HcaHardware hw) {
        this.hw = hw;
    }

    @Override
    public long doorbell(long t) {
        return hw.pcie().mmioWrite(t, 8);
    }

    @Override
    public long fetchWqe(long t, int wqeBytes, boolean writtenByCpu) {
        return writtenByCpu ? t : hw.pcie().dmaRead(t, wqeBytes);
    }

    @Override
    public long sendEngine(long t, long bytes) {
        return hw.sendEngine().process(t, bytes, "wqe");
    }

    @Override
    public long receiveEngine(long t, long bytes) {
        return hw.receiveEngine().process(t, bytes, "request");
    }

    @Override
    public void umr(long t, int listBytes, EventTarget done, int op, Object arg) {
        boolean inline = listBytes <= hw.params().umrInlineMaxBytes();
        hw.umrEngine().submit(t, inline ? 0 : listBytes, listBytes, inline ? "umr-inline" : "umr-fetch-list",
                done, op, arg);
    }

    @Override
    public long translate(long t, int keyIndex, long address, long length, int pageSize, boolean klm) {
        if (length <= 0) {
            return t;
        }
        long first = Math.floorDiv(address, pageSize);
        int entries = (int) (Math.floorDiv(address + length - 1, pageSize) - first + 1);
        long ready = hw.translation().translate(t, keyIndex, first, entries, klm ? 16 : 8);
        return klm ? ready + hw.translation().klmIndirectionNs(entries) : ready;
    }

    @Override
    public long translateOnReceive(long t, int keyIndex, long address, long length, int pageSize, boolean klm) {
        long missesBefore = hw.translation().misses();
        long ready = translate(t, keyIndex, address, length, pageSize, klm);
        pauseOnMiss(t, missesBefore);
        return ready;
    }

    @Override
    public long translateIntegrity(long t, int keyIndex, IntegrityAccess access, boolean onReceive) {
        long missesBefore = hw.translation().misses();
        long ready = access.entries() == 0 ? t
                : hw.translation().translate(t, keyIndex, 0, access.entries(), access.entryBytes());
        if (onReceive) {
            pauseOnMiss(t, missesBefore);
        }
        var tp = hw.params().translation();
        long lookup = access.lookupsPerInterval() * tp.hitNs();
        long indirection = access.indirectionsPerInterval() * tp.klmIndirectionNs();
        return access.readsMemory() ? hw.signature().gather(ready, access.intervals(), lookup, indirection)
                : hw.signature().scatter(ready, access.intervals(), lookup, indirection);
    }

    private void pauseOnMiss(long t, long missesBefore) {
        if (hw.translation().misses() > missesBefore) {
            hw.port().pauseReceive(t, hw.params().translation().receiveMissStallNs(), RECEIVE_MISS_PAUSE);
        }
    }

    @Override
    public long readSrqWqe(long t, int wqeBytes) {
        return hw.pcie().dmaRead(t, wqeBytes);
    }

    @Override
    public long awaitSrqWqe(long t, long onChipAt) {
        return hw.port().srqReceive(t, onChipAt, hw.params().srqWqeFetchStallNs());
    }

    /** The cause the port's receive busy time is reported under when a translation miss stalls it. */
    static final String RECEIVE_MISS_PAUSE = "translation-miss pause";

    @Override
    public long dmaRead(long t, long bytes) {
        return hw.pcie().dmaRead(t, bytes);
    }

    @Override
    public long dmaWrite(long t, long bytes) {
        return hw.pcie().dmaWrite(t, bytes);
    }

    @Override
    public long writeCqe(long t) {
        return hw.pcie().dmaWrite(t, hw.params().cqeBytes());
    }

    @Override
    public long firmwareCommand(long t, FirmwareCommand command, long translationBytes) {
        return hw.firmware().execute(t, command, translationBytes);
    }
}
