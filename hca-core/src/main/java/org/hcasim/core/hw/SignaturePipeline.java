package org.hcasim.core.hw;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import org.hcasim.core.sim.Resource;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Tracer;

/**
 * The timing of the HCA's signature engine, through which every access by an integrity key goes, one protection
 * interval at a time (the engine checks, inserts, strips or converts each interval's 8-byte tuple).
 *
 * <p><b>Gather</b> (the HCA reads host memory through the key: a send WQE's payload, an RDMA READ it serves): the
 * engine can only start an interval's read once it knows the interval's host addresses, and can only go on once
 * the data (and the PI) are back. So each interval holds one of {@link SignatureParams#fetchContexts} contexts for
 * its address lookups and then the PCIe read round trip. The lookups are a dependent chain: through an MTT key a
 * translation-cache hit per piece (the interval's data, and its tuple when memory holds PI); through a KLM key also
 * the KLM entry's underlying mkey ({@code klm-indirection-ns} per piece) before the address is known; through a
 * physically mapped key none. Longer lookups hold the contexts longer, and at high load the contexts are what
 * bounds the device.
 *
 * <p><b>Scatter</b> (the HCA writes host memory through the key: placing an incoming WRITE, a READ response or a
 * SEND): the data is in hand and the writes are posted, so an interval holds a context only for its lookups.
 *
 * <p>The contexts serve in arrival order. An access's intervals are booked when it arrives, so under load they reach
 * far ahead; busy time is therefore counted when it is spent, not when it is booked, and a run report that ends
 * while a backlog drains sees what the engine did. The message's bytes still cross PCIe as one transfer booked by the
 * caller after the engine is done (its bandwidth is accounted once; its read latency counts once more than on
 * hardware, where it overlaps the last interval's fetch).
 */
public final class SignaturePipeline implements Resource {
    /** Busy time spent waiting for an interval's data from host memory. */
    public static final String READ_WAIT = "interval read wait";
    /** Busy time spent resolving KLM entries through their underlying mkeys. */
    public static final String KLM_INDIRECTION = "klm indirection";
    /** Busy time spent on translation lookups of the pieces' addresses (the rest). */
    public static final String LOOKUP = "translation lookup";

    private final Simulation sim;
    private final String name;
    private final Tracer tracer;
    private final long readRoundTripNs;
    private final long[] freeAt;
    /** Per context, the booked busy spans not yet settled: {start, end}, merged when contiguous. */
    private final ArrayDeque<long[]>[] spans;
    private long resetAt;
    /** Busy time of spans that ended before the last booking, counted from {@link #resetAt}. */
    private long settledNs;
    private long bookedNs;
    private long readWaitNs;
    private long indirectionNs;
    private long uses;
    private long waitNs;

    /** {@code readRoundTripNs}: the mean PCIe read round trip of the device (its profile's read latency). */
    @SuppressWarnings("unchecked")
    public SignaturePipeline(Simulation sim, String name, SignatureParams params, long readRoundTripNs) {
        this.sim = sim;
        this.name = name;
        this.tracer = sim.tracer();
        this.readRoundTripNs = readRoundTripNs;
        this.freeAt = new long[params.fetchContexts()];
        this.spans = new ArrayDeque[params.fetchContexts()];
        for (int i = 0; i < spans.length; i++) {
            spans[i] = new ArrayDeque<>();
        }
        sim.resources().register(this);
    }

    /**
     * Gathers {@code intervals} intervals arriving at {@code t}, each needing {@code lookupNs} of translation
     * lookups and {@code indirectionNs} of KLM indirection before its read; returns when the last one is in.
     */
    public long gather(long t, int intervals, long lookupNs, long indirectionNs) {
        return book(t, intervals, lookupNs, indirectionNs, readRoundTripNs, "gather");
    }

    /** Scatters {@code intervals} intervals arriving at {@code t}; returns when the last one's address is known. */
    public long scatter(long t, int intervals, long lookupNs, long indirectionNs) {
        return book(t, intervals, lookupNs, indirectionNs, 0, "scatter");
    }

    private long book(long t, int intervals, long lookupNs, long indirection, long readNs, String label) {
        long perInterval = lookupNs + indirection + readNs;
        if (intervals < 1 || perInterval == 0) {
            return t;
        }
        settle(sim.now());
        long finish = t;
        for (int i = 0; i < intervals; i++) {
            int unit = earliestUnit();
            long start = Math.max(t, freeAt[unit]);
            long end = start + perInterval;
            freeAt[unit] = end;
            long[] last = spans[unit].peekLast();
            if (last != null && last[1] == start) {
                last[1] = end;
            } else {
                spans[unit].add(new long[] {start, end});
            }
            waitNs += start - t;
            if (tracer.on()) {
                tracer.sink().span(name + "#" + unit, label, start, perInterval);
            }
            finish = Math.max(finish, end);
        }
        uses += intervals;
        bookedNs += intervals * perInterval;
        readWaitNs += intervals * readNs;
        indirectionNs += intervals * indirection;
        return finish;
    }

    /** Moves the spans that ended by {@code now} into the settled sum. */
    private void settle(long now) {
        for (ArrayDeque<long[]> q : spans) {
            while (!q.isEmpty() && q.peekFirst()[1] <= now) {
                long[] s = q.pollFirst();
                settledNs += overlap(s, now);
            }
        }
    }

    private long overlap(long[] span, long now) {
        return Math.max(0, Math.min(span[1], now) - Math.max(span[0], resetAt));
    }

    private int earliestUnit() {
        int best = 0;
        for (int i = 1; i < freeAt.length; i++) {
            if (freeAt[i] < freeAt[best]) {
                best = i;
            }
        }
        return best;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ResourceKind kind() {
        return ResourceKind.HCA_ENGINE;
    }

    @Override
    public int units() {
        return freeAt.length;
    }

    /** Busy time spent since the last reset, up to now (booked work still ahead does not count yet). */
    @Override
    public long busyNs() {
        long now = sim.now();
        long busy = settledNs;
        for (ArrayDeque<long[]> q : spans) {
            for (long[] s : q) {
                busy += overlap(s, now);
            }
        }
        return busy;
    }

    @Override
    public long uses() {
        return uses;
    }

    @Override
    public long waitNs() {
        return waitNs;
    }

    /** The busy time split in the proportions the causes were booked since the last reset. */
    @Override
    public Map<String, Long> busyByCause() {
        long busy = busyNs();
        if (bookedNs == 0 || busy == 0) {
            return Map.of();
        }
        long read = Math.round((double) busy * readWaitNs / bookedNs);
        long klm = Math.round((double) busy * indirectionNs / bookedNs);
        Map<String, Long> out = new LinkedHashMap<>();
        out.put(READ_WAIT, read);
        out.put(KLM_INDIRECTION, klm);
        out.put(LOOKUP, busy - read - klm);
        return java.util.Collections.unmodifiableMap(out);
    }

    @Override
    public void resetStats() {
        long now = sim.now();
        settle(now);
        resetAt = now;
        settledNs = 0;
        bookedNs = 0;
        readWaitNs = 0;
        indirectionNs = 0;
        uses = 0;
        waitNs = 0;
    }
}
