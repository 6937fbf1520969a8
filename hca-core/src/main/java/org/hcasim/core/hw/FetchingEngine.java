package org.hcasim.core.hw;

import java.util.ArrayDeque;
import java.util.function.LongConsumer;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.EventTarget;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * k HCA processing units whose work may first need its input DMA-read from host memory (a UMR whose
 * translation list is not inline): the unit is held from its start through the read. Served FIFO and driven by
 * events, so that each read request leaves when its unit starts, at the present, and queues on PCIe behind the TLPs
 * the device has already issued there (posted writes included, which PCIe ordering does not let a read request
 * pass; {@link PcieDirection}). (Booked ahead of time, a fetch would slip in front of writes that reach PCIe
 * first.) Busy time spent waiting for a read is reported as the fetch cause, the rest as
 * {@value ProcessingEngine#PROCESSING}.
 */
public final class FetchingEngine {
    private static final int ARRIVES = 0;
    private static final int FINISHES = 1;
    /** Calls a {@link LongConsumer} given as the argument with the finish time. */
    private static final int CONSUMER = 0;

    private final EngineParams p;
    private final Timeline timeline;
    private final EventLoop loop;
    private final PcieLink pcie;
    private final String fetchCause;
    private final ArrayDeque<Work> waiting = new ArrayDeque<>();
    private final EventTarget events = this::onEvent;
    private final EventTarget consumers;
    private int busyUnits;

    /** One submitted job; its finish time is set when a unit starts it. */
    private static final class Work {
        final long fetchBytes;
        final long bytes;
        final String label;
        final EventTarget done;
        final int op;
        final Object arg;
        long finish;

        Work(long fetchBytes, long bytes, String label, EventTarget done, int op, Object arg) {
            this.fetchBytes = fetchBytes;
            this.bytes = bytes;
            this.label = label;
            this.done = done;
            this.op = op;
            this.arg = arg;
        }
    }

    public FetchingEngine(Simulation sim, String name, EngineParams params, PcieLink pcie, String fetchCause) {
        this.p = params;
        this.timeline = sim.timeline(name, ResourceKind.HCA_ENGINE, params.units()).otherCause(ProcessingEngine.PROCESSING);
        this.loop = sim.loop();
        this.pcie = pcie;
        this.fetchCause = fetchCause;
        this.consumers = (op, arg) -> ((LongConsumer) arg).accept(loop.now());
    }

    /**
     * Work arriving at {@code t} that first reads {@code fetchBytes} (0: none) and then processes {@code bytes};
     * {@code done.onEvent(op, arg)} is called at the finish time (the loop's clock then).
     */
    public void submit(long t, long fetchBytes, long bytes, String label, EventTarget done, int op, Object arg) {
        loop.at(t, events, ARRIVES, new Work(fetchBytes, bytes, label, done, op, arg));
    }

    /** Like {@link #submit(long, long, long, String, EventTarget, int, Object)}, calling {@code done} with the finish time. */
    public void submit(long t, long fetchBytes, long bytes, String label, LongConsumer done) {
        submit(t, fetchBytes, bytes, label, consumers, CONSUMER, done);
    }

    private void onEvent(int op, Object arg) {
        Work w = (Work) arg;
        switch (op) {
            case ARRIVES -> {
                waiting.add(w);
                startWaiting();
            }
            case FINISHES -> {
                busyUnits--;
                w.done.onEvent(w.op, w.arg);
                startWaiting();
            }
            default -> throw EventTarget.unknown(events, op);
        }
    }

    private void startWaiting() {
        while (busyUnits < p.units() && !waiting.isEmpty()) {
            Work w = waiting.poll();
            busyUnits++;
            long start = loop.now();
            long fetched = w.fetchBytes > 0 ? pcie.dmaRead(start, w.fetchBytes) : start;
            w.finish = timeline.acquire(start, fetched - start + p.serviceNs(w.bytes), w.label);
            if (fetched > start) {
                timeline.attribute(fetchCause, fetched - start);
            }
            loop.at(w.finish, events, FINISHES, w);
        }
    }

    public EngineParams params() {
        return p;
    }

    public Timeline timeline() {
        return timeline;
    }
}
