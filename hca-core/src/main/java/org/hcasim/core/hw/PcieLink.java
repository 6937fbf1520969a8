package org.hcasim.core.hw;

import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * The PCIe link of one HCA, two directions at TLP granularity ({@link PcieDirection}): {@code up} (device to host:
 * DMA writes and read requests) and {@code down} (host to device: read completions and MMIO doorbells). Writes
 * and completions travel as TLPs of at most the max payload size (MPS), reads as requests of at most the max read
 * request size (MRRS), each TLP with its overhead, so the payload bandwidth is capped below the raw rate. TLPs of
 * concurrent transfers interleave in issue order, and a read request needs one of the link's read tags (credits
 * for outstanding non-posted requests), held until its completions are back.
 */
public final class PcieLink {
    private final PcieParams p;
    private final PcieDirection up;
    private final PcieDirection down;
    private final java.util.random.RandomGenerator readLatencies;
    private final ReadTags tags;
    private DmaWriteListener dmaWrites = (t, bytes) -> { };

    /** Told of every DMA write into host memory (e.g. so the host can model cache pollution). */
    @FunctionalInterface
    public interface DmaWriteListener {
        void written(long t, long bytes);
    }

    public PcieLink(Simulation sim, String name, PcieParams params) {
        this.p = params;
        this.up = new PcieDirection(sim, name + ".up", params.bytesPerNs());
        this.down = new PcieDirection(sim, name + ".down", params.bytesPerNs());
        this.readLatencies = sim.random("pcie-read-latency:" + name);
        this.tags = new ReadTags(params.maxOutstandingReads());
    }

    /**
     * The device reads {@code bytes} of host memory starting at {@code t} (e.g. WQE fetch, UMR list, send
     * payload). Read requests go up, each once it has a tag; the completions with the data come down after the read
     * latency.
     *
     * @return the time the last byte has arrived at the device
     */
    public long dmaRead(long t, long bytes) {
        long batch = (long) tags.count() * p.maxReadRequestBytes(); // one request per tag at a time
        long arrived = readWithTags(t, Math.min(bytes, batch));
        for (long done = batch; done < bytes; done += batch) { // these wait for the tags of the ones before
            arrived = Math.max(arrived, readWithTags(t, Math.min(bytes - done, batch)));
        }
        return arrived;
    }

    /**
     * A read of at most one request per tag, each on the tag that fits its issue time best ({@link ReadTags}): its
     * requests start when the first one's tag is free, and the last leaves no earlier than its own tag is (the
     * completions follow the last request, a little late when tags are short).
     */
    private long readWithTags(long t, long bytes) {
        int requests = (int) chunks(bytes, p.maxReadRequestBytes());
        long start = tags.take(t);
        long lastTag = start;
        for (int j = 1; j < requests; j++) {
            lastTag = Math.max(lastTag, tags.take(t));
        }
        long completions = completionTlps(bytes);
        long wireBytes = bytes + completions * p.tlpOverheadBytes();
        long requestsSent = Math.max(lastTag,
                up.transfer(start, requests, (long) requests * p.tlpOverheadBytes(), "read-request"));
        // The completions' share of the down direction is booked in issue order and the round trip is added
        // after it: booking it a read latency in the future would make every doorbell and every other read issued
        // meanwhile wait behind it, serialising all reads of the device (~1 per 700 ns).
        long completed = down.transfer(requestsSent, completions, wireBytes, "read-completion");
        long latency = readLatencyNs();
        for (int j = 0; j < requests; j++) { // a tag is free once its request's completions are in (spread evenly)
            tags.release(requestsSent + (completed - requestsSent) * (j + 1) / requests + latency);
        }
        return completed + latency;
    }

    /**
     * Completion TLPs of a read of {@code bytes}: the completer answers each request with completions of at most
     * MPS that end on read completion boundaries (RCB, 64 or 128 bytes, a divisor of MPS). The engine's reads start
     * on RCB boundaries (64-byte WQE basic blocks and translation lines, pages), so each request's data comes as
     * MPS-sized completions and a shorter last one.
     */
    private long completionTlps(long bytes) {
        long fullRequests = bytes / p.maxReadRequestBytes();
        long rest = bytes % p.maxReadRequestBytes();
        long perFull = chunks(p.maxReadRequestBytes(), p.maxPayloadBytes());
        return Math.max(1, fullRequests * perFull + (rest > 0 ? chunks(rest, p.maxPayloadBytes()) : 0));
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
        return up.transfer(t, tlps, bytes + tlps * p.tlpOverheadBytes(), "dma-write") + p.writeLatencyNs();
    }

    /**
     * The CPU writes {@code bytes} to the device's BAR at {@code t} (doorbell: 8 bytes; BlueFlame: 64+).
     *
     * @return the time the device sees the write
     */
    public long mmioWrite(long t, long bytes) {
        long tlps = chunks(bytes, p.maxPayloadBytes());
        return down.transfer(t, tlps, bytes + tlps * p.tlpOverheadBytes(), "mmio") + p.mmioLatencyNs();
    }

    public void onDmaWrite(DmaWriteListener listener) {
        this.dmaWrites = listener;
    }

    /** Payload bytes per ns one direction can carry with full-size TLPs. */
    public double payloadBytesPerNs() {
        return p.bytesPerNs() * p.maxPayloadBytes() / (p.maxPayloadBytes() + p.tlpOverheadBytes());
    }

    public PcieParams params() {
        return p;
    }

    public Timeline up() {
        return up.timeline();
    }

    public Timeline down() {
        return down.timeline();
    }

    private static long chunks(long bytes, int chunk) {
        return Math.max(1, (bytes + chunk - 1) / chunk);
    }
}
