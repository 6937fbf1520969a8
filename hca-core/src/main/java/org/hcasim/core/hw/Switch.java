package org.hcasim.core.hw;

/**
 * A cut-through switch: a packet is forwarded to the egress link after {@code latencyNs} once its first
 * packet has arrived; the egress link (the destination port's {@code rx} timeline) is where contending
 * traffic queues. A message of several packets streams: its last byte cannot leave before it has arrived.
 */
public final class Switch {
    private final long latencyNs;

    public Switch(long latencyNs) {
        if (latencyNs < 0) {
            throw new IllegalArgumentException("switch latency must be >= 0, got " + latencyNs);
        }
        this.latencyNs = latencyNs;
    }

    public long latencyNs() {
        return latencyNs;
    }

    /**
     * Sends a message of {@code payloadBytes} from {@code src} to {@code dst}, handed to the source port at
     * {@code t}.
     *
     * @return the time the last byte arrives at {@code dst}
     */
    public long forward(long t, Port src, Port dst, long payloadBytes) {
        LinkParams in = src.link();
        LinkParams out = dst.link();
        long inSer = in.serializationNs(in.wireBytes(payloadBytes));
        long sentBySource = src.tx().acquire(t, inSer, "send");
        src.departed(sentBySource);
        long firstPacketSer = in.serializationNs(Math.min(payloadBytes, in.mtuBytes()) + in.headerBytesPerPacket());
        // The egress link is booked as if the fixed latencies (cable, switch) were zero and they are added at the
        // end: booking a timeline in the future would make traffic booked later but arriving earlier wait behind.
        long firstAtSwitch = sentBySource - inSer + firstPacketSer;
        long egressDone = dst.rx().acquire(firstAtSwitch, out.serializationNs(out.wireBytes(payloadBytes)), "forward");
        long lastPacketSer = out.serializationNs(lastPacketPayload(payloadBytes, out.mtuBytes()) + out.headerBytesPerPacket());
        long lastOut = Math.max(egressDone, sentBySource + lastPacketSer);
        return lastOut + in.latencyNs() + latencyNs + out.latencyNs();
    }

    private static long lastPacketPayload(long payloadBytes, int mtu) {
        if (payloadBytes == 0) {
            return 0;
        }
        long r = payloadBytes % mtu;
        return r == 0 ? mtu : r;
    }
}
