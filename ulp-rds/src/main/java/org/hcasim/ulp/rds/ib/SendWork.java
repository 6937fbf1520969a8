package org.hcasim.ulp.rds.ib;

import org.hcasim.host.Host;
import org.hcasim.host.WorkQueue;

/**
 * A connection's {@code cp_send_w}, the delayed work that runs {@code rds_send_worker} on krdsd ({@code rds_wq},
 * threads.c), queued with {@code queue_delayed_work(rds_wq, &cp->cp_send_w, jiffies)}: nothing happens while it is
 * pending; a delay of 0 queues the work at once, a delay of d jiffies arms a timer that expires at the d-th tick
 * from now (the timer wheel's first level has a granularity of one jiffy, so a delay of one jiffy is 0 to 1 jiffy
 * long). The work is no longer pending once it starts to run, so the worker may queue it again.
 *
 * <p>krdsd is an unbound ordered work queue; its worker runs where the scheduler puts it. The model runs the work,
 * and arms the timer, on the core that queued it; the one-at-a-time order of an ordered queue across connections is
 * not modelled (each connection has at most one item pending, and the items are short).
 */
final class SendWork {
    private final Host host;
    private final WorkQueue krdsd;
    private final long jiffyNs;
    private final Runnable worker;
    private final Runnable queueNow = this::queueNow;
    private final Runnable run = this::run;
    private boolean pending;
    private int core;
    private long runs;

    /**
     * @param jiffyNs one jiffy (1 / CONFIG_HZ), ns
     * @param worker  rds_send_worker's body
     */
    SendWork(Host host, WorkQueue krdsd, long jiffyNs, Runnable worker) {
        if (jiffyNs <= 0) {
            throw new IllegalArgumentException("host.cost.jiffy-ns must be positive, is " + jiffyNs);
        }
        this.host = host;
        this.krdsd = krdsd;
        this.jiffyNs = jiffyNs;
        this.worker = worker;
    }

    /** queue_delayed_work(rds_wq, &cp->cp_send_w, jiffies) from the running task. */
    void queue(int jiffies) {
        if (pending || !host.inTask()) {
            return;
        }
        pending = true;
        core = host.currentCore();
        if (jiffies == 0) {
            queueNow();
            return;
        }
        long now = host.now();
        long expires = (now / jiffyNs + jiffies) * jiffyNs;
        host.timer(expires - now, core, "rds-send-work-timer", queueNow);
    }

    private void queueNow() {
        krdsd.queue(core, "rds_send_worker", run);
    }

    private void run() {
        pending = false;
        runs++;
        worker.run();
    }

    /** How many times rds_send_worker ran. */
    long runs() {
        return runs;
    }
}
