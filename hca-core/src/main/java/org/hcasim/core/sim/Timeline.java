package org.hcasim.core.sim;

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
 */
public final class Timeline implements Resource {
    private final String name;
    private final ResourceKind kind;
    private final long[] freeAt;
    private final Tracer tracer;

    /**
     * Single-unit timelines: the booked intervals [start, end) of the recent past and the future, so that a
     * request booked after another but arriving before it is served in the gap in front of it instead of
     * waiting behind it (chained stages book ahead of the present: a DMA write after a translation miss, a CQE
     * after its data). Intervals ending {@link #HISTORY_NS} before the latest arrival are forgotten.
     */
    private final java.util.TreeMap<Long, Long> booked = new java.util.TreeMap<>();
    /** Arrival time -> latest start of any request arriving at or before it (an increasing staircase). */
    private final java.util.TreeMap<Long, Long> orderFloor = new java.util.TreeMap<>();
    private long latestArrival = Long.MIN_VALUE;
    private static final long HISTORY_NS = 10_000_000;

    private long busyNs;
    private long uses;
    private long waitNs;
    private long maxWaitNs;

    public Timeline(String name, ResourceKind kind, int units, Tracer tracer) {
        if (units < 1) {
            throw new IllegalArgumentException("timeline '" + name + "' needs at least one unit, got " + units);
        }
        this.name = name;
        this.kind = kind;
        this.freeAt = new long[units];
        this.tracer = tracer;
    }

    /** A timeline that is not traced (for tests and stand-alone use). */
    public Timeline(String name, ResourceKind kind, int units) {
        this(name, kind, units, Tracer.off());
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

    /** When a request arriving at {@code arrivalNs} would start, without booking anything. */
    public long startTime(long arrivalNs) {
        return freeAt.length == 1 ? firstGap(arrivalNs, 0) : Math.max(arrivalNs, freeAt[earliestUnit()]);
    }

    /** Start of the first gap of at least {@code serviceNs} at or after {@code arrivalNs} (single unit). */
    private long firstGap(long arrivalNs, long serviceNs) {
        long start = arrivalNs;
        java.util.Map.Entry<Long, Long> around = booked.floorEntry(start);
        if (around != null && around.getValue() > start) {
            start = around.getValue();
        }
        for (var next = booked.ceilingEntry(start); next != null && next.getKey() < start + Math.max(1, serviceNs);
                next = booked.ceilingEntry(start)) {
            start = next.getValue();
        }
        return start;
    }

    private long bookGap(long arrivalNs, long serviceNs) {
        // FIFO among arrivals: never start before a request that arrived no later than this one (packets of
        // one flow keep their order); only requests booked ahead of time for a later arrival can be overtaken.
        java.util.Map.Entry<Long, Long> earlier = orderFloor.floorEntry(arrivalNs);
        long start = firstGap(earlier == null ? arrivalNs : Math.max(arrivalNs, earlier.getValue()), serviceNs);
        if (earlier == null || earlier.getValue() < start) {
            orderFloor.put(arrivalNs, start);
            // keep the staircase increasing: later arrivals with an earlier start are now bounded by this one
            for (var next = orderFloor.higherEntry(arrivalNs); next != null && next.getValue() <= start;
                    next = orderFloor.higherEntry(arrivalNs)) {
                orderFloor.remove(next.getKey());
            }
        }
        if (serviceNs > 0) {
            long s = start;
            long e = start + serviceNs;
            java.util.Map.Entry<Long, Long> prev = booked.floorEntry(s);
            if (prev != null && prev.getValue() == s) {
                s = prev.getKey();
            }
            Long nextEnd = booked.remove(e);
            if (nextEnd != null) {
                e = nextEnd;
            }
            booked.put(s, e);
        }
        latestArrival = Math.max(latestArrival, arrivalNs);
        long horizon = latestArrival - HISTORY_NS;
        while (!booked.isEmpty() && booked.firstEntry().getValue() < horizon) {
            booked.pollFirstEntry();
        }
        while (orderFloor.size() > 1 && orderFloor.firstKey() < horizon && orderFloor.higherKey(orderFloor.firstKey()) < horizon) {
            orderFloor.pollFirstEntry();
        }
        return start;
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
        uses = 0;
        waitNs = 0;
        maxWaitNs = 0;
    }

    @Override
    public String toString() {
        return "Timeline[" + name + ", " + kind + ", units=" + freeAt.length + "]";
    }
}
