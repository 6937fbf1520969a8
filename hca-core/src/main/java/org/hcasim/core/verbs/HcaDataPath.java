package org.hcasim.core.verbs;

import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.sim.EventTarget;
import org.hcasim.core.verbs.translation.Translation;

/**
 * The timing of one HCA's pipeline stages. Every method takes the time the work arrives at the stage and
 * returns when it leaves it; contention between requests is inside the implementation (FIFO timelines).
 * The verbs engine decides <em>what</em> happens; this decides <em>when</em>.
 */
interface HcaDataPath {
    /** The CPU's doorbell MMIO write reaches the HCA. */
    long doorbell(long t);

    /** WQE fetch: a PCIe read of the WQE, or nothing when the CPU wrote it with the doorbell (BlueFlame/inline). */
    long fetchWqe(long t, int wqeBytes, boolean writtenByCpu);

    /** Send engine processing one WQE carrying {@code bytes} of payload. */
    long sendEngine(long t, long bytes);

    /** Receive engine processing one incoming request of {@code bytes}. */
    long receiveEngine(long t, long bytes);

    /**
     * UMR: registration of an mkey. A list of at most the inline threshold travels in the WQE; a larger one
     * is DMA-read over PCIe first while the UMR engine waits for it (the inline-umr bottleneck). The UMR engine
     * runs on events (its reads leave PCIe in order with the device's writes), so it calls
     * {@code done.onEvent(op, arg)} when it finishes (the loop's clock is then the finish time).
     */
    void umr(long t, int listBytes, EventTarget done, int op, Object arg);

    /**
     * Address translation of {@code length} bytes at {@code address} through mkey {@code keyIndex} on the send
     * side (gathering a WQE's payload).
     */
    long translate(long t, int keyIndex, long address, long length, int pageSize, boolean klm);

    /**
     * Translation by the receive pipeline (placing an incoming SEND, WRITE or READ response, or serving an
     * incoming READ): like {@link #translate}, and a miss also pauses the port's receive side.
     */
    long translateOnReceive(long t, int keyIndex, long address, long length, int pageSize, boolean klm);

    /** Reads a WQE of a shared receive queue over PCIe, asked for at {@code t}; returns when it is on the HCA. */
    long readSrqWqe(long t, int wqeBytes);

    /**
     * A receive at {@code t} whose SRQ WQE is on the HCA at {@code onChipAt}: the port's in-order receive pipeline
     * stops for the SRQ's fetch pause ({@code HcaParams#srqWqeFetchStallNs}) and, when the WQE is still on its way,
     * waits for it (lossless RoCE pauses the link meanwhile). Returns when the receive goes on.
     */
    long awaitSrqWqe(long t, long onChipAt);

    /**
     * An access through an integrity key: the signature engine works through its protection intervals (a gather
     * holds a fetch context per interval through the interval's address lookups and its read; a scatter only
     * through the lookups), after the translation cache has the key's entries (misses are PCIe reads; on the
     * receive side a miss also pauses the port). Returns when the engine is done; the caller then moves the bytes.
     */
    long translateIntegrity(long t, int keyIndex, IntegrityAccess access, boolean onReceive);

    /** DMA read of host memory (host -> HCA direction of PCIe). */
    long dmaRead(long t, long bytes);

    /** DMA write of host memory (HCA -> host direction of PCIe). */
    long dmaWrite(long t, long bytes);

    /** CQE write into host memory. */
    long writeCqe(long t);

    /**
     * A firmware command through the serialized command interface, for an object with {@code translationBytes} of
     * translation entries to initialise (an mkey's MTT or KLM entries; 0 for other objects).
     */
    long firmwareCommand(long t, FirmwareCommand command, long translationBytes);
}
