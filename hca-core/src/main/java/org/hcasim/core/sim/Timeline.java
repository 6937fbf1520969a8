package org.hcasim.core.sim;

/**
 * A FIFO resource with {@code k} identical units, modelled without events: each unit remembers when it is
 * next free. A request arriving at {@code t} needing {@code s} ns takes the unit that frees first, starts at
 * {@code max(t, freeAt)} and finishes at {@code start + s}. Requests are served in the order
 * {@link #acquire} is called. Busy time and waiting time are accounted for utilisation reports.
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
        long start = Math.max(arrivalNs, freeAt[unit]);
        long finish = start + serviceNs;
        freeAt[unit] = finish;
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
        return Math.max(arrivalNs, freeAt[earliestUnit()]);
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
