package org.hcasim.ulp.rds.stress;

import java.util.List;
import java.util.Locale;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;

/**
 * What each core of the two hosts spent the measured interval on: interrupts (HARD_IRQ), RDS's CQ tasklets
 * (SOFT_IRQ) and threads (the rds-stress tasks), and from that what bounds the run: the completion vectors' cores
 * 0..vectors-1 run interrupts and tasklets, the task cores the rds-stress tasks (a core that is both counts as a task
 * core).
 */
final class CoreLoads {
    private static final Priority[] KINDS = {Priority.HARD_IRQ, Priority.SOFT_IRQ, Priority.THREAD};

    private final List<Host> hosts;
    private final int vectors;
    private final java.util.Set<Integer> taskCores;
    private final long[][][] start;
    private long[][][] busy;
    private long intervalNs;

    /**
     * Takes the start snapshot of {@code hosts}, whose devices have {@code vectors} completion vectors and whose
     * rds-stress tasks run on {@code taskCores}.
     */
    CoreLoads(List<Host> hosts, int vectors, java.util.Set<Integer> taskCores) {
        this.hosts = List.copyOf(hosts);
        this.vectors = vectors;
        this.taskCores = java.util.Set.copyOf(taskCores);
        this.start = snapshot();
    }

    /** Ends the interval {@code intervalNs} after the start. */
    void end(long intervalNs) {
        long[][][] now = snapshot();
        for (int h = 0; h < now.length; h++) {
            for (int c = 0; c < now[h].length; c++) {
                for (int k = 0; k < KINDS.length; k++) {
                    now[h][c][k] -= start[h][c][k];
                }
            }
        }
        this.busy = now;
        this.intervalNs = intervalNs;
    }

    private long[][][] snapshot() {
        long[][][] s = new long[hosts.size()][][];
        for (int h = 0; h < s.length; h++) {
            Host host = hosts.get(h);
            s[h] = new long[host.coreCount()][KINDS.length];
            for (int c = 0; c < s[h].length; c++) {
                for (int k = 0; k < KINDS.length; k++) {
                    s[h][c][k] = host.busyNs(c, KINDS[k]);
                }
            }
        }
        return s;
    }

    /** The core's busy share of the interval (at most 1: a task that ran past the end is booked whole). */
    private double share(int h, int c) {
        long sum = 0;
        for (long b : busy[h][c]) {
            sum += b;
        }
        return Math.min(1.0, (double) sum / intervalNs);
    }

    /**
     * The account of the run: the busiest vector core and the busiest task core with what they ran, and what bounds
     * the run: the busiest core when it is at least 90 % busy, else the requests outstanding and their round trip.
     */
    String sentence(int outstandingPerTask, double rttUs) {
        int[] vector = busiest(false);
        int[] task = busiest(true);
        double vectorShare = vector[0] < 0 ? 0 : share(vector[0], vector[1]);
        double taskShare = task[0] < 0 ? 0 : share(task[0], task[1]);
        String cores = (vector[0] < 0 ? "" : "busiest vector core " + describe(vector) + ", ")
                + (task[0] < 0 ? "" : "busiest task core " + describe(task));
        if (Math.max(vectorShare, taskShare) >= 0.9) {
            boolean tasks = taskShare >= vectorShare;
            return cores + ": bound by " + (tasks ? "the rds-stress task's CPU" : "the RDS tasklets and interrupts of "
                    + hosts.get(vector[0]).name() + " cpu" + vector[1]);
        }
        return cores + String.format(Locale.ROOT, ": no core saturated, bound by the %d requests outstanding per task"
                + " and their %.1f us round trip", outstandingPerTask, rttUs);
    }

    /** {host, core} of the busiest task core (or vector core that is not one) over both hosts, or {-1, -1}. */
    private int[] busiest(boolean tasks) {
        int[] best = {-1, -1};
        double top = -1;
        for (int h = 0; h < busy.length; h++) {
            for (int c = 0; c < busy[h].length; c++) {
                if (taskCores.contains(c) != tasks || (!tasks && c >= vectors)) {
                    continue;
                }
                double s = share(h, c);
                if (s > top) {
                    top = s;
                    best = new int[] {h, c};
                }
            }
        }
        return best;
    }

    /** The core's share and its split by kind; the parts are scaled as the share is capped, so they add up to it. */
    private String describe(int[] hc) {
        long[] b = busy[hc[0]][hc[1]];
        long sum = 0;
        for (long part : b) {
            sum += part;
        }
        double share = share(hc[0], hc[1]);
        double perNs = sum == 0 ? 0 : 100 * share / sum;
        return String.format(Locale.ROOT, "%s cpu%d %.0f%% (interrupts %.0f%%, tasklets %.0f%%, threads %.0f%%)",
                hosts.get(hc[0]).name(), hc[1], 100 * share, perNs * b[0], perNs * b[1], perNs * b[2]);
    }
}
