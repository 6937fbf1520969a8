package org.hcasim.core.hw;

import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.core.sim.Simulation;

/**
 * The network: every HCA port hangs off one switch by its own link (rates may differ per port, e.g. an FDR
 * ConnectX-3 next to 100 GbE ConnectX-5s). Attach it to the simulation with
 * {@code sim.attach(Fabric.class, fabric)} so the HCA models of all hosts share it.
 */
public final class Fabric {
    private final Simulation sim;
    private final Switch sw;
    private final Map<String, Port> ports = new LinkedHashMap<>();

    public Fabric(Simulation sim, long switchLatencyNs) {
        this.sim = sim;
        this.sw = new Switch(switchLatencyNs);
    }

    /** Adds a port with its own link to the switch; names are unique. */
    public Port addPort(String name, LinkParams link) {
        if (ports.containsKey(name)) {
            throw new IllegalArgumentException("fabric already has a port named '" + name + "'");
        }
        Port p = new Port(sim, name, link);
        ports.put(name, p);
        return p;
    }

    public Port port(String name) {
        Port p = ports.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no fabric port named '" + name + "'; ports: " + ports.keySet());
        }
        return p;
    }

    /**
     * Transmits a message of {@code payloadBytes} handed to {@code src} at {@code t}.
     *
     * @return the time its last byte arrives at {@code dst}
     */
    public long transmit(long t, Port src, Port dst, long payloadBytes) {
        if (src == dst) {
            throw new IllegalArgumentException("port '" + src.name() + "' cannot send to itself through the switch");
        }
        return sw.forward(t, src, dst, payloadBytes);
    }

    public Switch switchModel() {
        return sw;
    }
}
