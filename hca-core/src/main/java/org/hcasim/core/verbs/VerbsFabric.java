package org.hcasim.core.verbs;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;
import org.hcasim.verbs.QpAddress;

/**
 * The fabric of one simulation: a single switch with one full-duplex link per device port, plus the
 * registry that resolves QP addresses and CM service ids (what the subnet manager and path records do).
 * Messages are cut into MTU-sized packets with per-packet headers; serialization happens on the sender's
 * uplink and the receiver's downlink, with propagation and switch latency between them.
 */
public final class VerbsFabric {
    private final Simulation sim;
    private final HcaTimingParameters p;
    private final Map<String, SimRdmaDevice> devices = new LinkedHashMap<>();
    private final Map<QpAddress, SimQueuePair> qps = new HashMap<>();
    private final Map<String, Timeline> uplinks = new HashMap<>();
    private final Map<String, Timeline> downlinks = new HashMap<>();
    private final Map<String, Map<Long, SimConnectionManager.Listener>> listeners = new HashMap<>();

    public VerbsFabric(Simulation sim, HcaTimingParameters p) {
        this.sim = sim;
        this.p = p;
    }

    /** The fabric attached to {@code sim}, created on first use. */
    public static VerbsFabric of(Simulation sim, HcaTimingParameters p) {
        try {
            return sim.component(VerbsFabric.class);
        } catch (IllegalStateException none) {
            return sim.attach(VerbsFabric.class, new VerbsFabric(sim, p));
        }
    }

    Simulation simulation() {
        return sim;
    }

    void addDevice(SimRdmaDevice device) {
        String port = portName(device);
        if (devices.putIfAbsent(port, device) != null) {
            throw new IllegalArgumentException("device " + port + " is already on the fabric");
        }
        uplinks.put(port, sim.timeline(port + "/link-tx", ResourceKind.LINK, 1));
        downlinks.put(port, sim.timeline(port + "/link-rx", ResourceKind.LINK, 1));
    }

    static String portName(SimRdmaDevice d) {
        return d.host().name() + "/" + d.name();
    }

    void register(SimQueuePair qp) {
        qps.put(qp.address(), qp);
    }

    void unregister(SimQueuePair qp) {
        qps.remove(qp.address());
    }

    /** The QP at {@code address}, or null when none exists (destroyed, never created, unknown host). */
    SimQueuePair lookup(QpAddress address) {
        return address == null ? null : qps.get(address);
    }

    /** First device of a host, or null when the host has no device on this fabric. */
    SimRdmaDevice deviceOf(String host) {
        for (SimRdmaDevice d : devices.values()) {
            if (d.host().name().equals(host)) {
                return d;
            }
        }
        return null;
    }

    Map<Long, SimConnectionManager.Listener> listenersOf(String host) {
        return listeners.computeIfAbsent(host, h -> new HashMap<>());
    }

    /** Bytes on the wire for a message of {@code payload} bytes plus {@code extraHeader} in its first packet. */
    long wireBytes(long payload, int extraHeader) {
        long packets = Math.max(1, (payload + p.mtu() - 1) / p.mtu());
        return payload + packets * p.packetHeaderBytes() + extraHeader;
    }

    /**
     * Sends a message from {@code from} to {@code to} starting at {@code t}; returns when its last byte has
     * arrived at the receiving HCA.
     */
    long transmit(long t, SimRdmaDevice from, SimRdmaDevice to, long payload, int extraHeader) {
        long bytes = wireBytes(payload, extraHeader);
        long serialization = (long) Math.ceil(bytes * 8 / p.linkGbps());
        long sent = uplinks.get(portName(from)).acquire(t, serialization, "tx");
        long latency = 2 * p.propagationNs() + p.switchLatencyNs();
        // Cut-through: the downlink starts when the first bytes have crossed the switch.
        return downlinks.get(portName(to)).acquire(sent - serialization + latency, serialization, "rx");
    }
}
