package org.hcasim.core.hw;

import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * A network port of an HCA attached to the switch by its own link: {@code tx} is the direction from the port
 * to the switch, {@code rx} the switch's egress towards the port (where traffic to this port queues).
 */
public final class Port {
    private final String name;
    private final LinkParams link;
    private final Timeline tx;
    private final Timeline rx;

    Port(Simulation sim, String name, LinkParams link) {
        this.name = name;
        this.link = link;
        this.tx = sim.timeline(name + ".tx", ResourceKind.LINK, 1);
        this.rx = sim.timeline(name + ".rx", ResourceKind.LINK, 1);
    }

    public String name() {
        return name;
    }

    public LinkParams link() {
        return link;
    }

    public Timeline tx() {
        return tx;
    }

    public Timeline rx() {
        return rx;
    }
}
