package org.hcasim.core.hw;

import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * The PCIe link of one HCA as two timelines, one per direction: {@code up} (device to host: DMA writes
 * and read requests) and {@code down} (host to device: read completions and MMIO doorbells). Each transfer
 * occupies its direction for its wire bytes (payload + one TLP overhead per MPS/MRRS chunk) at the link rate,
 * so the payload bandwidth is capped below the raw rate by the TLP overhead.
 */
public final class PcieLink {
    private final PcieParams p;
    private final Timeline up;
    private final Timeline down;
    private final double bytesPerNs;
    private final java.util.random.RandomGenerator readLatencies;
    private DmaWriteListener dmaWrites = (t, bytes) -> { };

    /** Told of every DMA write into host memory (e.g. so the host can model cache pollution). */
    @FunctionalInterface
    public interface DmaWriteListener {
        void written(long t, long bytes);
    }

    public PcieLink(Simulation sim, String name, PcieParams params) {
        this.p = params;
        this.up = sim.timeline(name + ".up", ResourceKind.PCIE, 1);
        this.down = sim.timeline(name + ".down", ResourceKind.PCIE, 1);
        this.bytesPerNs = params.bytesPerNs();
        this.readLatencies = sim.random("pcie-read-latency:" + name);
    }

    /**
     * The device reads {@code bytes} of host memory starting at {@code t} (e.g. WQE fetch, UMR list, send
     * payload). Read requests go up, completions with the data come down after the read latency.
     *
     * @return the time the last byte has arrived at the device
     */
    public long dmaRead(long t, long bytes) {
        long requests = chunks(bytes, p.maxReadRequestBytes());
        long requestsSent = up.acquire(t, serialization(requests * p.tlpOverheadBytes()), "read-request");
        long completions = chunks(bytes, p.maxPayloadBytes());
        // The completions' share of the down direction is booked in issue order and the round trip is added
        // after it: booking it a read latency in the future on a FIFO timeline would make every doorbell and
        // every other read issued meanwhile wait behind it, serialising all reads of the device (~1 per 700 ns).
        return down.acquire(requestsSent, serialization(bytes + completions * p.tlpOverheadBytes()), "read-completion")
                + readLatencyNs();
    }

    /**
     * One read's round trip: the mean with a uniform spread. Besides being physical, the spread keeps a
     * pipeline paced by reads (the UMR engine) from locking into a fixed phase with the other traffic, which would
     * make its reads always miss, or always meet, the writes queued on PCIe.
     */
    private long readLatencyNs() {
        long spread = p.readLatencySpreadNs();
        return spread == 0 ? p.readLatencyNs() : p.readLatencyNs() - spread / 2 + readLatencies.nextLong(spread + 1);
    }

    /**
     * The device writes {@code bytes} to host memory starting at {@code t} (receive payload, CQE, EQE).
     *
     * @return the time the data is visible in host memory
     */
    public long dmaWrite(long t, long bytes) {
        dmaWrites.written(t, bytes);
        long tlps = chunks(bytes, p.maxPayloadBytes());
        return up.acquire(t, serialization(bytes + tlps * p.tlpOverheadBytes()), "dma-write") + p.writeLatencyNs();
    }

    /**
     * The CPU writes {@code bytes} to the device's BAR at {@code t} (doorbell: 8 bytes; BlueFlame: 64+).
     *
     * @return the time the device sees the write
     */
    public long mmioWrite(long t, long bytes) {
        long tlps = chunks(bytes, p.maxPayloadBytes());
        return down.acquire(t, serialization(bytes + tlps * p.tlpOverheadBytes()), "mmio") + p.mmioLatencyNs();
    }

    public void onDmaWrite(DmaWriteListener listener) {
        this.dmaWrites = listener;
    }

    /** Payload bytes per ns one direction can carry with full-size TLPs. */
    public double payloadBytesPerNs() {
        return bytesPerNs * p.maxPayloadBytes() / (p.maxPayloadBytes() + p.tlpOverheadBytes());
    }

    public PcieParams params() {
        return p;
    }

    public Timeline up() {
        return up;
    }

    public Timeline down() {
        return down;
    }

    private long serialization(long wireBytes) {
        return Math.round(wireBytes / bytesPerNs);
    }

    private static long chunks(long bytes, int chunk) {
        return Math.max(1, (bytes + chunk - 1) / chunk);
    }
}
