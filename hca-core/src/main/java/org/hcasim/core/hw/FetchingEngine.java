package org.hcasim.core.hw;

import java.util.ArrayDeque;
import java.util.function.LongConsumer;
import org.hcasim.core.sim.EventLoop;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

/**
 * k HCA processing units whose work may first need its input DMA-read from host memory (a UMR whose
 * translation list is not inline): the unit is held from its start through the read. Served FIFO and driven by
 * events, so that each read request leaves when its unit starts, at the present, and queues on PCIe behind what
 * the device has already put there: posted data writes included, which PCIe ordering does not let a read
 * request pass. (Booked ahead of time, a fetch would slip in front of writes that reach PCIe first.) Busy time
 * spent waiting for a read is reported as the fetch cause, the rest as {@value ProcessingEngine#PROCESSING}.
 */
public final class FetchingEngine {
    private final EngineParams p;
    private final Timeline timeline;
    private final EventLoop loop;
    private final PcieLink pcie;
    private final String fetchCause;
    private final ArrayDeque<Work> waiting = new ArrayDeque<>();
    private int busyUnits;

    private record Work(long fetchBytes, long bytes, String label, LongConsumer done) {
    }

    public FetchingEngine(Simulation sim, String name, EngineParams params, PcieLink pcie, String fetchCause) {
        this.p = params;
        this.timeline = sim.timeline(name, ResourceKind.HCA_ENGINE, params.units()).otherCause(ProcessingEngine.PROCESSING);
        this.loop = sim.loop();
        this.pcie = pcie;
        this.fetchCause = fetchCause;
    }

    /**
     * Work arriving at {@code t} that first reads {@code fetchBytes} (0: none) and then processes {@code bytes};
     * {@code done} is called at the finish time, with it.
     */
    public void submit(long t, long fetchBytes, long bytes, String label, LongConsumer done) {
        loop.at(t, () -> {
            waiting.add(new Work(fetchBytes, bytes, label, done));
            startWaiting();
        });
    }

    private void startWaiting() {
        while (busyUnits < p.units() && !waiting.isEmpty()) {
            Work w = waiting.poll();
            busyUnits++;
            long start = loop.now();
            long fetched = w.fetchBytes() > 0 ? pcie.dmaRead(start, w.fetchBytes()) : start;
            long finish = timeline.acquire(start, fetched - start + p.serviceNs(w.bytes()), w.label());
            if (fetched > start) {
                timeline.attribute(fetchCause, fetched - start);
            }
            loop.at(finish, () -> {
                busyUnits--;
                w.done().accept(finish);
                startWaiting();
            });
        }
    }

    public EngineParams params() {
        return p;
    }

    public Timeline timeline() {
        return timeline;
    }
}
