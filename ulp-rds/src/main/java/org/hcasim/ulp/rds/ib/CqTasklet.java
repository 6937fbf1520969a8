package org.hcasim.ulp.rds.ib;

import java.util.function.Consumer;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.verbs.CompletionQueue;

/**
 * An RDS CQ's completion handler and its tasklet (rds_ib_cq_comp_handler_{send,recv} and
 * rds_ib_tasklet_fn_{send,recv}): the hard interrupt only schedules the tasklet; the tasklet polls the CQ in
 * batches of {@value #BATCH} until it is empty (poll_scq / poll_rcq), re-arms it, polls once more, reports the
 * pass's completions to the CQ's moderator (DIM), then runs the connection's after-poll work. Each full batch
 * ends a soft-IRQ task, so a hard interrupt waiting on the core gets in between (as it would preempt).
 */
final class CqTasklet implements Consumer<CompletionQueue>, Runnable {
    /** RDS_IB_WC_MAX: completions per ib_poll_cq call. */
    static final int BATCH = 32;

    private final Host host;
    private final String label;
    private final boolean solicitedOnly;
    private final Runnable afterPass;
    /** The host's tasklet_schedule cost, read once (a host's costs do not change during a run). */
    private final long softirqScheduleNs;
    private CompletionQueue cq;
    private int core;
    private boolean scheduled;
    private boolean rearmed;
    private int found;
    private long events;
    private long completions;

    /**
     * @param solicitedOnly re-arm for solicited completions only (the receive CQ) rather than the next one
     * @param afterPass     the connection's work after each pass (acks, a bare ACK, rds_send_xmit)
     */
    CqTasklet(Host host, String label, boolean solicitedOnly, Runnable afterPass) {
        this.host = host;
        this.label = label;
        this.solicitedOnly = solicitedOnly;
        this.afterPass = afterPass;
        this.softirqScheduleNs = host.cpuCosts().ns(CpuCosts.SOFTIRQ_SCHEDULE);
    }

    /** Binds the tasklet to its CQ (created with this object as its handler) and arms the CQ. */
    void attach(CompletionQueue attached) {
        this.cq = attached;
        attached.requestNotify(solicitedOnly);
    }

    /** The CQ's comp_handler, in hard-IRQ context on the vector's core: tasklet_schedule on that core. */
    @Override
    public void accept(CompletionQueue ignored) {
        host.charge(softirqScheduleNs);
        events++;
        core = host.currentCore();
        schedule();
    }

    private void schedule() {
        if (!scheduled) {
            scheduled = true;
            host.run(core, Priority.SOFT_IRQ, label, this);
        }
    }

    /** One run of the tasklet (or its next batch). */
    @Override
    public void run() {
        while (true) {
            int n = cq.processDirect(BATCH);
            found += n;
            if (n == BATCH) {
                host.run(core, Priority.SOFT_IRQ, label, this); // more may wait: the next batch
                return;
            }
            if (rearmed) {
                break;
            }
            cq.requestNotify(solicitedOnly);
            rearmed = true; // and poll once more, for completions that came before the arm
        }
        scheduled = false;
        rearmed = false;
        int pass = found;
        completions += pass;
        found = 0;
        cq.reportPollPass(pass);
        afterPass.run();
    }

    /** Completion events (comp_handler calls) so far. */
    long events() {
        return events;
    }

    /** Completions its finished passes reaped so far. */
    long completions() {
        return completions;
    }

    CompletionQueue cq() {
        return cq;
    }

    /** The core the tasklet last ran on (the CQ's interrupt core). */
    int core() {
        return core;
    }
}
