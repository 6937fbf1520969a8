package org.hcasim.core.sim;

import org.hcasim.core.collect.SortedLongMap;

/**
 * A FIFO resource with {@code k} identical units, modelled without events: each unit remembers when it is
 * next free. A request arriving at {@code t} needing {@code s} ns takes the unit that frees first, starts at
 * {@code max(t, freeAt)} and finishes at {@code start + s}; a single-unit timeline instead starts it in the
 * first gap of its booked intervals at or after {@code t} (so bookings made ahead of time do not block
 * earlier arrivals booked later). Busy time and waiting time are accounted for utilisation reports.
 *
 * <p>Book with arrival times at or near the caller's present and add fixed latencies (propagation, round trips)
 * to the returned finish time: a booking far in the future would make requests booked later, but arriving
 * earlier, wait behind it.
 *
 * <p>Used for PCIe directions, HCA processing engines, links, the firmware command interface.
 *
 * <p>A timeline of a {@link Simulation} knows the simulation's clock: requests must not arrive more than
 * {@value #PAST_SLACK_NS} ns before the present (an error otherwise), so a single unit forgets the bookings that
 * ended before that, which no later request can run into. It keeps only the recent past and the future booked
 * ahead, however long the run.
 */
public final class Timeline implements Resource {
    private final String name;
    private final ResourceKind kind;
    private final long[] freeAt;
    private final Tracer tracer;
    /** The simulation's clock, or null for a stand-alone timeline (which forgets only by {@link #HISTORY_NS}). */
    private final EventLoop clock;
    /** How far before the present a request may arrive. */
    public static final long PAST_SLACK_NS = 1_000;

    /**
     * Single-unit timelines: the booked intervals [start, end) of the recent past and the future, so that a
     * request booked after another but arriving before it is served in the gap in front of it instead of
     * waiting behind it (chained stages book ahead of the present: a DMA write after a translation miss, a CQE
     * after its data). Intervals ending {@link #HISTORY_NS} before the latest arrival are forgotten, and with a
     * clock those that ended {@link #PAST_SLACK_NS} before the present.
     */
    private final SortedLongMap booked = new SortedLongMap();
    /** Arrival time -> latest start of any request arriving at or before it (an increasing staircase). */
    private final SortedLongMap orderFloor = new SortedLongMap();
    private long latestArrival = Long.MIN_VALUE;
    /** How long a single unit keeps what it booked before its latest arrival (without a clock, its only bound). */
    public static final long HISTORY_NS = 10_000_000;

    private long busyNs;
    /** Busy time attributed to named causes with {@link #attribute}, in order of first use; the rest is {@link #otherCause}'s. */
    private String[] causes = new String[0];
    private long[] causeNs = new long[0];
    private long attributedNs;
    private String otherCause = "other";
    private long uses;
    private long waitNs;
    private long maxWaitNs;

    public Timeline(String name, ResourceKind kind, int units, Tracer tracer) {
        this(name, kind, units, tracer, null);
    }

    /** A timeline that is not traced (for tests and stand-alone use). */
    public Timeline(String name, ResourceKind kind, int units) {
        this(name, kind, units, Tracer.off());
    }

    /** A timeline of the simulation whose clock is {@code clock} (see the class comment). */
    Timeline(String name, ResourceKind kind, int units, Tracer tracer, EventLoop clock) {
        if (units < 1) {
            throw new IllegalArgumentException("timeline '" + name + "' needs at least one unit, got " + units);
        }
        this.name = name;
        this.kind = kind;
        this.freeAt = new long[units];
        this.tracer = tracer;
        this.clock = clock;
    }

    /**
     * Books {@code serviceNs} on the earliest free unit for a request arriving at {@code arrivalNs}.
     *
     * @return the finish time
     */
    public long acquire(long arrivalNs, long serviceNs) {
        return acquire(arrivalNs, serviceNs, name);
    }

    /** Like {@link #acquire(long, long)}; {@code label} names the span in a trace. */
    public long acquire(long arrivalNs, long serviceNs, String label) {
        if (serviceNs < 0) {
            throw new IllegalArgumentException("negative service time " + serviceNs + " ns on '" + name + "'");
        }
        int unit = earliestUnit();
        long start = freeAt.length == 1 ? bookGap(arrivalNs, serviceNs) : Math.max(arrivalNs, freeAt[unit]);
        long finish = start + serviceNs;
        freeAt[unit] = Math.max(freeAt[unit], finish);
        long wait = start - arrivalNs;
        busyNs += serviceNs;
        uses++;
        waitNs += wait;
        if (wait > maxWaitNs) {
            maxWaitNs = wait;
        }
        if (tracer.on() && serviceNs > 0) {
            tracer.sink().span(freeAt.length == 1 ? name : name + "#" + unit, label, start, serviceNs);
        }
        return finish;
    }

    /**
     * Says that {@code ns} of busy time already booked went to {@code cause} (e.g. waiting for a DMA read while
     * holding the unit), so that {@link #busyByCause()} can explain where this resource's time went.
     */
    public void attribute(String cause, long ns) {
        if (ns < 0 || ns > busyNs - attributedNs) {
            throw new IllegalArgumentException("cannot attribute " + ns + " ns to '" + cause + "' on '" + name
                    + "': only " + (busyNs - attributedNs) + " ns of booked busy time are unattributed");
        }
        int i = causeIndex(cause);
        causeNs[i] += ns;
        attributedNs += ns;
    }

    /** The slot of {@code cause}, added if new (a timeline has a handful of causes: a linear scan is cheapest). */
    private int causeIndex(String cause) {
        for (int i = 0; i < causes.length; i++) {
            if (causes[i] == cause || causes[i].equals(cause)) {
                return i;
            }
        }
        causes = java.util.Arrays.copyOf(causes, causes.length + 1);
        causeNs = java.util.Arrays.copyOf(causeNs, causeNs.length + 1);
        causes[causes.length - 1] = cause;
        return causes.length - 1;
    }

    /** Names the busy time not {@link #attribute attributed} to a cause (default {@code other}). */
    public Timeline otherCause(String cause) {
        this.otherCause = cause;
        return this;
    }

    /** Empty until some busy time is attributed; then the attributed causes plus the rest as the other cause. */
    @Override
    public java.util.Map<String, Long> busyByCause() {
        if (causes.length == 0) {
            return java.util.Map.of();
        }
        java.util.LinkedHashMap<String, Long> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < causes.length; i++) {
            out.put(causes[i], causeNs[i]);
        }
        if (busyNs > attributedNs) {
            out.merge(otherCause, busyNs - attributedNs, Long::sum);
        }
        return java.util.Collections.unmodifiableMap(out);
    }

    /** When a request arriving at {@code arrivalNs} would start, without booking anything. */
    public long startTime(long arrivalNs) {
        if (freeAt.length == 1) {
            requireNotPast(arrivalNs);
        }
        return freeAt.length == 1 ? firstGap(arrivalNs, 0) : Math.max(arrivalNs, freeAt[earliestUnit()]);
    }

    /** Start of the first gap of at least {@code serviceNs} at or after {@code arrivalNs} (single unit). */
    private long firstGap(long arrivalNs, long serviceNs) {
        return firstGapAfter(booked.floorIndex(arrivalNs), arrivalNs, serviceNs);
    }

    /**
     * The booked intervals are sorted, disjoint and never touch (touching ones merge), so the interval after
     * position i is at i + 1: from the interval {@code i} at or before {@code start}, walks forward while the
     * request does not fit before the next one. Leaves in {@link #gapAfter} the position of the last interval
     * before the gap (-1: none).
     */
    private long firstGapAfter(int i, long start, long serviceNs) {
        if (i >= 0 && booked.valueAt(i) > start) {
            start = booked.valueAt(i); // inside an interval: from its end
        }
        long need = Math.max(1, serviceNs);
        int n = booked.size();
        while (i + 1 < n && booked.keyAt(i + 1) < start + need) {
            i++;
            start = booked.valueAt(i);
        }
        gapAfter = i;
        return start;
    }

    /** Position of the booked interval just before the gap {@link #firstGapAfter} found (-1: none). */
    private int gapAfter;

    private long bookGap(long arrivalNs, long serviceNs) {
        requireNotPast(arrivalNs);
        // FIFO among arrivals: never start before a request that arrived no later than this one (packets of
        // one flow keep their order); only requests booked ahead of time for a later arrival can be overtaken.
        int earlier = orderFloor.floorIndex(arrivalNs);
        long earlierStart = earlier < 0 ? Long.MIN_VALUE : orderFloor.valueAt(earlier);
        long from = earlier < 0 ? arrivalNs : Math.max(arrivalNs, earlierStart);
        long start = firstGapAfter(booked.floorIndex(from), from, serviceNs);
        if (earlier < 0 || earlierStart < start) {
            int at = raiseFloor(earlier, arrivalNs, start);
            // keep the staircase increasing: later arrivals with an earlier start are now bounded by this one
            while (at + 1 < orderFloor.size() && orderFloor.valueAt(at + 1) <= start) {
                orderFloor.removeAt(at + 1);
            }
        }
        if (serviceNs > 0) {
            book(start, start + serviceNs);
        }
        latestArrival = Math.max(latestArrival, arrivalNs);
        long history = latestArrival - HISTORY_NS;
        if (clock == null) {
            forgetBefore(history);
        } else {
            long unreachable = clock.now() - PAST_SLACK_NS;
            if (history >= unreachable) {
                forgetBefore(history); // the history bound cuts into what is still reachable: at once, as always
            } else if (booked.size() + orderFloor.size() >= pruneAtSize) {
                forgetBefore(unreachable); // what lies before no request can reach: whenever the lists grow
                pruneAtSize = booked.size() + orderFloor.size() + LAZY_PRUNE_SIZE;
            }
        }
        return start;
    }

    /**
     * The lists are pruned of what no request can reach when they hold this many entries more than the last
     * pruning left (what is booked ahead stays): leftovers cost nothing to skip, but a request booked near the
     * present inserts behind them, and with a long backlog booked ahead (thousands of entries on a saturated
     * PCIe direction) a pruning only at twice the size left thousands of past entries in front of each insert
     * (docs/performance.md).
     */
    private static final int LAZY_PRUNE_SIZE = 32;
    private int pruneAtSize = LAZY_PRUNE_SIZE;

    /**
     * Forgets the intervals that ended before {@code horizon} (intervals are disjoint, so their ends grow with
     * their starts: the ended ones are a prefix) and the staircase's steps before it but the last, which still
     * bounds a later arrival as its floor.
     */
    private void forgetBefore(long horizon) {
        booked.removeFirst(booked.countLeadingValuesBelow(horizon));
        orderFloor.removeFirst(Math.max(0, orderFloor.countLeadingKeysBelow(horizon) - 1));
    }

    private void requireNotPast(long arrivalNs) {
        if (clock != null && arrivalNs < clock.now() - PAST_SLACK_NS) {
            throw new IllegalStateException("timeline '" + name + "': request arriving at " + arrivalNs
                    + " ns, more than " + PAST_SLACK_NS + " ns before the present (" + clock.now() + " ns)");
        }
    }

    /** Sets the staircase step of {@code arrivalNs} to {@code start}; {@code earlier} is its floor. Returns its position. */
    private int raiseFloor(int earlier, long arrivalNs, long start) {
        if (earlier >= 0 && orderFloor.keyAt(earlier) == arrivalNs) {
            orderFloor.setValueAt(earlier, start);
            return earlier;
        }
        orderFloor.insertAt(earlier + 1, arrivalNs, start);
        return earlier + 1;
    }

    /** Books {@code [s, e)} in the gap after position {@link #gapAfter}, merging with the neighbours it touches. */
    private void book(long s, long e) {
        int prev = gapAfter;
        int next = prev + 1;
        if (next < booked.size() && booked.keyAt(next) == e) {
            e = booked.valueAt(next);
            booked.removeAt(next);
        }
        if (prev >= 0 && booked.valueAt(prev) == s) {
            booked.setValueAt(prev, e);
        } else {
            booked.insertAt(prev + 1, s, e);
        }
    }

    /** Whether this single-unit timeline has a booking covering {@code t} (a request arriving then waits). */
    public boolean busyAt(long t) {
        int i = booked.floorIndex(t);
        return i >= 0 && booked.valueAt(i) > t;
    }

    /** The time at which every unit is free. */
    public long allFreeAt() {
        long max = Long.MIN_VALUE;
        for (long f : freeAt) {
            max = Math.max(max, f);
        }
        return max;
    }

    private int earliestUnit() {
        long[] f = freeAt;
        if (f.length == 1) {
            return 0;
        }
        int best = 0;
        for (int i = 1; i < f.length; i++) {
            if (f[i] < f[best]) {
                best = i;
            }
        }
        return best;
    }

    /** Longest single wait since the last reset, ns. */
    public long maxWaitNs() {
        return maxWaitNs;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ResourceKind kind() {
        return kind;
    }

    @Override
    public int units() {
        return freeAt.length;
    }

    @Override
    public long busyNs() {
        return busyNs;
    }

    @Override
    public long uses() {
        return uses;
    }

    @Override
    public long waitNs() {
        return waitNs;
    }

    @Override
    public void resetStats() {
        busyNs = 0;
        causes = new String[0];
        causeNs = new long[0];
        attributedNs = 0;
        uses = 0;
        waitNs = 0;
        maxWaitNs = 0;
    }

    @Override
    public String toString() {
        return "Timeline[" + name + ", " + kind + ", units=" + freeAt.length + "]";
    }
}
