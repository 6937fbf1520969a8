package org.hcasim.core.hw;

import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * A network port of an HCA attached to the switch by its own link: {@code tx} is the direction from the port
 * to the switch, {@code rx} the switch's egress towards the port (where traffic to this port queues). The
 * {@code rx} busy time is the wire's, plus the pauses of the port's receive pipeline ({@link #pauseReceive}).
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
        this.rx = sim.timeline(name + ".rx", ResourceKind.LINK, 1).otherCause(WIRE);
    }

    /** The cause of {@code rx} busy time spent carrying packets. */
    public static final String WIRE = "wire";

    /**
     * The port's in-order receive pipeline stops taking packets for {@code ns} from {@code t} (e.g. waiting for a
     * translation it missed). RoCE runs lossless (PFC): the port's buffer fills and the switch pauses the link,
     * so the pause is booked on {@code rx} like traffic and later packets queue behind it.
     *
     * @return when the receive side runs again
     */
    public long pauseReceive(long t, long ns, String cause) {
        if (ns <= 0) {
            return t;
        }
        long end = rx.acquire(t, ns, cause);
        rx.attribute(cause, ns);
        return end;
    }

    /**
     * The port's in-order receive pipeline stops from {@code t} until {@code until} (e.g. a receive waiting for its
     * WQE): like {@link #pauseReceive}, for the part of that stretch the receive side is not busy or paused already.
     *
     * @return when the receive side runs again
     */
    public long pauseReceiveUntil(long t, long until, String cause) {
        long from = rx.startTime(t);
        return until > from ? pauseReceive(t, until - from, cause) : from;
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
