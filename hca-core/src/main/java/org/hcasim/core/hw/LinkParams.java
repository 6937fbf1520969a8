package org.hcasim.core.hw;

/**
 * A network link of one port.
 *
 * @param gigabitsPerSecond     signalling data rate (100 GbE: 100; FDR: 54.54 effective of 56)
 * @param latencyNs             one-way propagation and PHY latency of the cable
 * @param mtuBytes              largest payload per packet (RoCE path MTU, e.g. 4096)
 * @param headerBytesPerPacket  bytes on the wire per packet besides payload (L2/L3/L4/BTH headers, CRCs,
 *                              preamble and inter-frame gap)
 */
public record LinkParams(double gigabitsPerSecond, long latencyNs, int mtuBytes, int headerBytesPerPacket) {
    public LinkParams {
        if (gigabitsPerSecond <= 0 || latencyNs < 0 || mtuBytes < 1 || headerBytesPerPacket < 0) {
            throw new IllegalArgumentException("invalid link parameters: " + gigabitsPerSecond + " Gb/s, latency "
                    + latencyNs + " ns, MTU " + mtuBytes + ", header " + headerBytesPerPacket + " bytes");
        }
    }

    /** Packets needed for a message of {@code payloadBytes} (a zero-byte message is one packet). */
    public long packets(long payloadBytes) {
        return Math.max(1, (payloadBytes + mtuBytes - 1) / mtuBytes);
    }

    /** Payload plus per-packet headers. */
    public long wireBytes(long payloadBytes) {
        return payloadBytes + packets(payloadBytes) * headerBytesPerPacket;
    }

    /** Time to put {@code wireBytes} on this link, ns (rounded to the nearest ns). */
    public long serializationNs(long wireBytes) {
        return Math.round(wireBytes * 8.0 / gigabitsPerSecond);
    }
}
