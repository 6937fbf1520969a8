package org.hcasim.core.verbs;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.core.hw.Fabric;
import org.hcasim.core.sim.Simulation;
import org.hcasim.verbs.QpAddress;

/**
 * What the subnet manager and path records provide to the verbs engine of one simulation: QP addresses and
 * CM service ids resolved to objects, and messages carried between devices over the kernel's {@link Fabric}
 * (one switch, one link per device port). A device talking to itself loops back inside the HCA.
 */
public final class VerbsFabric {
    private final Simulation sim;
    private final Map<String, SimRdmaDevice> devices = new LinkedHashMap<>();
    private final Map<QpAddress, SimQueuePair> qps = new HashMap<>();
    private final Map<String, Map<Long, SimConnectionManager.Listener>> listeners = new HashMap<>();

    public VerbsFabric(Simulation sim) {
        this.sim = sim;
    }

    /** The verbs fabric attached to {@code sim}, created on first use. */
    public static VerbsFabric of(Simulation sim) {
        try {
            return sim.component(VerbsFabric.class);
        } catch (IllegalStateException none) {
            return sim.attach(VerbsFabric.class, new VerbsFabric(sim));
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

    /**
     * The device an address names: {@code host/device} that device, a bare {@code host} its first device (as a
     * host name resolves to its first interface); null when there is no such device on this fabric.
     */
    SimRdmaDevice deviceOf(String host) {
        if (host.indexOf('/') >= 0) {
            return devices.get(host);
        }
        for (SimRdmaDevice d : devices.values()) {
            if (d.host().name().equals(host)) {
                return d;
            }
        }
        return null;
    }

    /** The listeners on one device, by its {@link #portName}. */
    Map<Long, SimConnectionManager.Listener> listenersOf(String port) {
        return listeners.computeIfAbsent(port, h -> new HashMap<>());
    }

    /**
     * Sends a message of {@code payload} bytes from {@code from} to {@code to} starting at {@code t}; returns
     * when its last byte has arrived at the receiving HCA.
     */
    long transmit(long t, SimRdmaDevice from, SimRdmaDevice to, long payload) {
        if (from == to) {
            return t;
        }
        return sim.component(Fabric.class).transmit(t, from.hardware().port(), to.hardware().port(), payload);
    }
}
