package org.hcasim.core.mrcache;

import java.util.function.LongConsumer;
import org.hcasim.core.host.SimHost;
import org.hcasim.core.hw.EventQueue;
import org.hcasim.core.hw.HcaHardware;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Priority;

/**
 * The driver's own UMR queue (mlx5_ib's {@code umrc}: one QP and one CQ per device, the CQ polled in soft-IRQ on
 * completion vector 0), through which a user registration loads its translation into a cached mkey and a
 * deregistration revokes it. A post pays for the WQE and the doorbell in the calling task; the device fetches the
 * WQE, runs the UMR (fetching a translation list longer than the inline threshold by DMA first), writes the CQE
 * and raises the CQ's event; the interrupt schedules the CQ's soft-IRQ poll, which runs {@code done}.
 */
public final class UmrQueue {
    /** UMR WQE without its translation list: control, UMR control and mkey context segments (as REG_MR WQEs). */
    private static final int WQE_BYTES = 128;
    /** The data segment pointing at a list that is not inline. */
    private static final int LIST_POINTER_BYTES = 16;

    private final SimHost host;
    private final HcaHardware hw;
    private final EventQueue events;
    private final int pollCore;
    private final CpuCosts costs;
    private long posted;

    public UmrQueue(SimHost host, HcaHardware hw) {
        this.host = host;
        this.hw = hw;
        this.events = hw.eventQueue(0);
        this.pollCore = events.vector().core();
        this.costs = host.cpuCosts();
    }

    /**
     * Posts a UMR whose translation list has {@code listBytes} (0 for a revoke) from the current task; {@code done}
     * runs in a soft-IRQ task on the CQ's core when the completion has been polled.
     */
    public void post(int listBytes, Runnable done) {
        host.charge(costs.ns(CpuCosts.WQE_BUILD) + costs.ns(CpuCosts.DOORBELL_MMIO));
        posted++;
        boolean inline = listBytes <= hw.params().umrInlineMaxBytes();
        long seen = hw.pcie().mmioWrite(host.now(), 8);
        long fetched = hw.pcie().dmaRead(seen, WQE_BYTES + (inline ? listBytes : LIST_POINTER_BYTES));
        hw.umrEngine().submit(fetched, inline ? 0 : listBytes, listBytes, inline ? "umr-inline" : "umr-fetch-list",
                new Wqe(done));
    }

    /** UMRs posted so far. */
    public long posted() {
        return posted;
    }

    /** One UMR after the engine: its CQE and event, the interrupt, the soft-IRQ poll. */
    private final class Wqe implements LongConsumer, Runnable {
        private final Runnable done;
        private boolean interrupted;

        Wqe(Runnable done) {
            this.done = done;
        }

        @Override
        public void accept(long finished) {
            events.postCompletionEvent(hw.pcie().dmaWrite(finished, hw.params().cqeBytes()), this);
        }

        @Override
        public void run() {
            if (!interrupted) { // the CQ's completion handler in hard IRQ: schedule the poll (irq_poll)
                interrupted = true;
                host.run(pollCore, Priority.SOFT_IRQ, "umr-cq", this);
            } else {
                host.charge(costs.ns(CpuCosts.SOFTIRQ_SCHEDULE) + costs.ns(CpuCosts.CQ_POLL_PER_CQE)
                        + costs.ns(CpuCosts.CQ_ARM));
                done.run();
            }
        }
    }
}
