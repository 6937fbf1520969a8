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
    /** The receive pipeline's stage that gives each SEND its receive WQE from a shared receive queue. */
    private final Timeline srqStage;
    /** When that stage takes the next SRQ receive: in order, behind the one before. */
    private long srqStageFreeAt = Long.MIN_VALUE;
    /** When the last message handed to this port had left it (its last byte on {@code tx}). */
    private long lastDeparture = Long.MIN_VALUE;

    Port(Simulation sim, String name, LinkParams link) {
        this.name = name;
        this.link = link;
        this.tx = sim.timeline(name + ".tx", ResourceKind.LINK, 1);
        this.rx = sim.timeline(name + ".rx", ResourceKind.LINK, 1).otherCause(WIRE);
        this.srqStage = sim.timeline(name + ".srq-wqe-stage", ResourceKind.HCA_ENGINE, 1);
    }

    /** The cause of {@code srq-wqe-stage} time spent waiting for a receive's WQE to arrive from host memory. */
    public static final String SRQ_WQE_WAIT = "SRQ WQE wait";

    /** The cause of {@code srq-wqe-stage} time each SRQ receive holds it (the fetch it cannot overlap). */
    public static final String SRQ_WQE_HOLD = "SRQ WQE fetch pause";

    /**
     * A SEND arriving at {@code t} takes a receive from an SRQ whose WQE is on the HCA at {@code wqeOnChip}. The
     * in-order receive pipeline takes SRQ receives one after the other: this one goes on once the one before has
     * left the stage and its WQE is there, and then holds the stage for {@code holdNs}. The stage's bookings follow
     * each other, so a receive waiting for its WQE holds up every later one, as it does the real pipeline.
     *
     * @return when the receive goes on (its data can be placed)
     */
    public long srqReceive(long t, long wqeOnChip, long holdNs) {
        long start = Math.max(t, srqStageFreeAt);
        long go = Math.max(start, wqeOnChip);
        long wait = go - start;
        srqStage.acquire(start, wait + holdNs, "srq-receive");
        if (wait > 0) {
            srqStage.attribute(SRQ_WQE_WAIT, wait);
        }
        if (holdNs > 0) {
            srqStage.attribute(SRQ_WQE_HOLD, holdNs);
        }
        srqStageFreeAt = go + holdNs;
        return go;
    }

    public Timeline srqStage() {
        return srqStage;
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

    /** The message handed to the port last has left it at {@code t} (set by the switch as it books {@code tx}). */
    void departed(long t) {
        lastDeparture = t;
    }

    /**
     * When the last message handed to this port left it: a QP hands the port its next message then, so the port
     * takes one message of each QP with work in turn (docs/decisions.md, "transmit arbitration").
     */
    public long lastDeparture() {
        return lastDeparture;
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
