package org.hcasim.core.fault;

import java.util.Arrays;
import org.hcasim.core.config.ConfigException;
import org.hcasim.core.config.HcasimConfig;

/**
 * The {@code fault.*} settings of a run (docs/faults.md). Rates are probabilities: per packet, per bit on the wire,
 * per block read or placed, per RDMA data transfer. Chosen packets are numbered from 1 in the order the fabric puts
 * them on the wire (every packet of every message, requests and responses).
 *
 * @param wireLossRate      probability that a packet is lost on the wire
 * @param wireBitErrorRate  probability that a bit on the wire flips (the packet then fails its ICRC)
 * @param dropPackets       packet numbers to lose, ascending
 * @param corruptPackets    packet numbers to corrupt, ascending
 * @param backstoreFlipRate probability that one bit of a block flips as a ram backstore reads it
 * @param memoryFlipRate    probability that one bit of a block flips in host memory after its PI was generated
 * @param dmaFlipRate       probability that one bit flips as the HCA DMA-reads the data of an RDMA READ or WRITE
 * @param linkHost          the host whose links go down ({@code ""}: the target)
 * @param linkDownAtNs      when its links go down (simulated time from the start of the run)
 * @param linkDownForNs     for how long (0: never)
 * @param targetStopAtNs    when the storage target stops answering (simulated time from the start of the workload)
 * @param targetStopForNs   for how long it answers nothing (0: never): the commands it receives meanwhile are lost
 */
public record FaultSettings(double wireLossRate, double wireBitErrorRate, long[] dropPackets,
                            long[] corruptPackets, double backstoreFlipRate, double memoryFlipRate,
                            double dmaFlipRate, String linkHost, long linkDownAtNs, long linkDownForNs,
                            long targetStopAtNs, long targetStopForNs) {

    /** Settings without a target that stops answering. */
    public FaultSettings(double wireLossRate, double wireBitErrorRate, long[] dropPackets, long[] corruptPackets,
                         double backstoreFlipRate, double memoryFlipRate, double dmaFlipRate, String linkHost,
                         long linkDownAtNs, long linkDownForNs) {
        this(wireLossRate, wireBitErrorRate, dropPackets, corruptPackets, backstoreFlipRate, memoryFlipRate, dmaFlipRate,
                linkHost, linkDownAtNs, linkDownForNs, 0, 0);
    }

    /** The largest duration a fault setting takes: 1000 s of simulated time keeps every event time far from overflow. */
    public static final long MAX_DURATION_NS = 1_000_000_000_000L;

    /** No faults. */
    public static final FaultSettings NONE = new FaultSettings(0, 0, new long[0], new long[0], 0, 0, 0, "", 0, 0);

    /** Reads the {@code fault.*} keys, each checked against its range. */
    public static FaultSettings from(HcasimConfig config) {
        return new FaultSettings(
                rate(config, "fault.wire.loss-rate", 0.5),
                rate(config, "fault.wire.bit-error-rate", 1e-3),
                packets(config, "fault.wire.drop-packets"),
                packets(config, "fault.wire.corrupt-packets"),
                rate(config, "fault.backstore.flip-rate", 1),
                rate(config, "fault.memory.flip-rate", 1),
                rate(config, "fault.dma.flip-rate", 1),
                config.getString("fault.link.host"),
                duration(config, "fault.link.down-at"),
                duration(config, "fault.link.down-for"),
                duration(config, "fault.target.stop-at"),
                duration(config, "fault.target.stop-for"));
    }

    /** These settings with the links of {@code host} as the ones that go down. */
    public FaultSettings withLinkHost(String host) {
        return new FaultSettings(wireLossRate, wireBitErrorRate, dropPackets, corruptPackets, backstoreFlipRate,
                memoryFlipRate, dmaFlipRate, host, linkDownAtNs, linkDownForNs, targetStopAtNs, targetStopForNs);
    }

    /** Whether bits of data can flip (at rest, in memory, in DMA). */
    public boolean dataFaults() {
        return backstoreFlipRate > 0 || memoryFlipRate > 0 || dmaFlipRate > 0;
    }

    /** Whether any fault is asked for. */
    public boolean any() {
        return wireFaults() || dataFaults() || targetStopForNs > 0;
    }

    /** Whether packets can be lost or corrupted. */
    public boolean wireFaults() {
        return wireLossRate > 0 || wireBitErrorRate > 0 || dropPackets.length > 0 || corruptPackets.length > 0
                || linkDownForNs > 0;
    }

    private static double rate(HcasimConfig config, String key, double max) {
        double v = config.getDouble(key);
        if (!(v >= 0 && v <= max)) {
            throw new ConfigException(key + " = " + config.getString(key) + " (from " + config.sourceOf(key)
                    + ") must be a probability between 0 and " + max);
        }
        return v;
    }

    private static long duration(HcasimConfig config, String key) {
        long v = config.getDurationNanos(key);
        if (v < 0 || v > MAX_DURATION_NS) {
            throw new ConfigException(key + " = " + config.getString(key) + " (from " + config.sourceOf(key)
                    + ") must be between 0 and 1000s");
        }
        return v;
    }

    private static long[] packets(HcasimConfig config, String key) {
        java.util.List<String> items = config.getList(key);
        long[] out = new long[items.size()];
        int i = 0;
        for (String item : items) {
            long n;
            try {
                n = Long.parseLong(item);
            } catch (NumberFormatException e) {
                n = 0;
            }
            if (n < 1) {
                throw new ConfigException(key + " = " + config.getString(key) + " (from " + config.sourceOf(key)
                        + "): '" + item + "' is not a packet number (1, 2, ...)");
            }
            out[i++] = n;
        }
        Arrays.sort(out);
        return out;
    }
}
