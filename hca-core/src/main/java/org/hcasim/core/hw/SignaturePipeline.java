package org.hcasim.core.hw;

import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;
import org.hcasim.core.sim.Timeline;

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
 * <p>The message's bytes still cross PCIe as one transfer booked by the caller after the engine is done (its
 * bandwidth is accounted once; its read latency counts once more than on hardware, where it overlaps the last
 * interval's fetch).
 */
public final class SignaturePipeline {
    /** Busy time spent waiting for an interval's data from host memory. */
    public static final String READ_WAIT = "interval read wait";
    /** Busy time spent resolving KLM entries through their underlying mkeys. */
    public static final String KLM_INDIRECTION = "klm indirection";
    /** Busy time spent on translation lookups of the pieces' addresses (the rest). */
    public static final String LOOKUP = "translation lookup";

    private final Timeline contexts;
    private final long readRoundTripNs;

    /** {@code readRoundTripNs}: the mean PCIe read round trip of the device (its profile's read latency). */
    public SignaturePipeline(Simulation sim, String name, SignatureParams params, long readRoundTripNs) {
        this.contexts = sim.timeline(name, ResourceKind.HCA_ENGINE, params.fetchContexts()).otherCause(LOOKUP);
        this.readRoundTripNs = readRoundTripNs;
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

    private long book(long t, int intervals, long lookupNs, long indirectionNs, long readNs, String label) {
        long perInterval = lookupNs + indirectionNs + readNs;
        long finish = t;
        if (intervals < 1 || perInterval == 0) {
            return finish;
        }
        for (int i = 0; i < intervals; i++) {
            finish = Math.max(finish, contexts.acquire(t, perInterval, label));
        }
        contexts.attribute(READ_WAIT, intervals * readNs);
        contexts.attribute(KLM_INDIRECTION, intervals * indirectionNs);
        return finish;
    }

    public Timeline timeline() {
        return contexts;
    }
}
