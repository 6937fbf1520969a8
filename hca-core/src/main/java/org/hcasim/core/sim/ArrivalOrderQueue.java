package org.hcasim.core.sim;

import java.util.Arrays;

/**
 * A single server that serves requests first come, first served, when they are booked out of arrival order (tasks
 * run whole, one after the other, so a task that started earlier books its requests before a task that started a
 * little later books an earlier one). A request's finish follows Lindley's recursion over the requests that arrived
 * before it: {@code finish = max(arrival, finish of the one before) + service}.
 *
 * <p>A request booked after others that arrive later than it is queued ahead of them: their starts were handed out
 * already and cannot move (their tasks have run), but their work now counts after it, so every request arriving later
 * still waits for all the work that arrived before it. The server therefore never serves more than its capacity and a
 * request never waits for work that arrived after it; the one error is that the requests overtaken this way did not
 * wait for the one that overtook them. (A {@link Timeline} instead fits a late-booked request into the first gap
 * between the holds booked ahead, which makes it wait behind requests that arrived after it once those gaps are
 * smaller than its service.)
 *
 * <p>Requests that finished, and arrived, {@link #HORIZON_NS} before the latest arrival are forgotten; their last
 * finish still bounds the first request kept. No allocation per request once the arrays have grown to the requests
 * of one horizon.
 */
public final class ArrivalOrderQueue {
    /** Far longer than a task: no request arrives this long before one booked already. */
    static final long HORIZON_NS = 1_000_000;
    private long[] arrival = new long[16];
    private long[] service = new long[16];
    private long[] finish = new long[16];
    private int size;
    private long latestArrival = Long.MIN_VALUE;
    /** Finish of the last forgotten request (the floor of the first one kept). */
    private long forgottenFinish = Long.MIN_VALUE;

    /** When a request arriving at {@code t} would start: once the work of every request that arrived before it is done. */
    public long startTime(long t) {
        return Math.max(t, finishBefore(position(t)));
    }

    /** Queues a request arriving at {@code t} that needs the server for {@code serviceNs}; returns its start. */
    public long book(long t, long serviceNs) {
        if (serviceNs < 0) {
            throw new IllegalArgumentException("negative service time " + serviceNs + " ns");
        }
        latestArrival = Math.max(latestArrival, t);
        forgetBefore(latestArrival - HORIZON_NS);
        int p = position(t);
        long start = Math.max(t, finishBefore(p));
        insert(p, t, serviceNs, start + serviceNs);
        // the requests booked already for later arrivals now queue behind this one
        for (int j = p + 1; j < size; j++) {
            long f = Math.max(arrival[j], finish[j - 1]) + service[j];
            if (f == finish[j]) {
                break;
            }
            finish[j] = f;
        }
        return start;
    }

    /**
     * When the work of every request booked so far is done (Lindley's recursion over all of them in arrival order):
     * later requests start no earlier.
     */
    public long lastFinish() {
        return finishBefore(size);
    }

    private long finishBefore(int p) {
        return p == 0 ? forgottenFinish : finish[p - 1];
    }

    /** Index of the first request arriving after {@code t} (requests arriving together: in booking order). */
    private int position(long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (arrival[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private void insert(int p, long a, long s, long f) {
        if (size == arrival.length) {
            arrival = Arrays.copyOf(arrival, 2 * size);
            service = Arrays.copyOf(service, 2 * size);
            finish = Arrays.copyOf(finish, 2 * size);
        }
        System.arraycopy(arrival, p, arrival, p + 1, size - p);
        System.arraycopy(service, p, service, p + 1, size - p);
        System.arraycopy(finish, p, finish, p + 1, size - p);
        arrival[p] = a;
        service[p] = s;
        finish[p] = f;
        size++;
    }

    /** Forgets the leading requests that arrived and finished before {@code horizon}. */
    private void forgetBefore(long horizon) {
        int n = 0;
        while (n < size && arrival[n] < horizon && finish[n] < horizon) {
            n++;
        }
        if (n > 0) {
            forgottenFinish = Math.max(forgottenFinish, finish[n - 1]);
            System.arraycopy(arrival, n, arrival, 0, size - n);
            System.arraycopy(service, n, service, 0, size - n);
            System.arraycopy(finish, n, finish, 0, size - n);
            size -= n;
        }
    }
}
