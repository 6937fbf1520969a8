package org.hcasim.core.hw;

import org.hcasim.core.collect.LongLruSet;
import org.hcasim.core.sim.Resource;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.Simulation;

/**
 * LRU cache of translation lines keyed by (mkey, line). A miss reads the line from host memory over PCIe.
 * Lookups of one range are issued together, so their misses overlap on the link.
 *
 * <p>Lines are keyed by what the caller passes as {@code mkey}: the verbs engine passes the mkey's index (not its
 * variant), so a key re-registered over the same pages finds its old lines again; lines of keys nobody uses any
 * more age out of the LRU.
 */
public final class TranslationCache implements Resource {
    private final String name;
    private final TranslationParams p;
    private final PcieLink pcie;
    private final LongLruSet lru;
    private long hits;
    private long misses;

    public TranslationCache(Simulation sim, String name, TranslationParams params, PcieLink pcie) {
        this.name = name;
        this.p = params;
        this.pcie = pcie;
        this.lru = new LongLruSet(params.entries());
        sim.resources().register(this);
    }

    /**
     * Translates entries {@code [first, first+count)} of {@code mkey}, each {@code entryBytes} long (8 for MTT,
     * 16 for KLM), for a lookup starting at {@code t}. {@code mkey} is a non-negative key index.
     *
     * @return the time all translations are available
     */
    public long translate(long t, int mkey, long first, int count, int entryBytes) {
        if (count < 1) {
            return t;
        }
        if (mkey < 0) {
            throw new IllegalArgumentException("translation cache '" + name + "': negative mkey index " + mkey);
        }
        int perLine = Math.max(1, p.lineBytes() / entryBytes);
        long firstLine = first / perLine;
        long lastLine = (first + count - 1) / perLine;
        long ready = t + p.hitNs();
        for (long line = firstLine; line <= lastLine; line++) {
            long key = ((long) mkey << 32) | (line & 0xffff_ffffL);
            if (lru.touch(key)) {
                hits++;
            } else {
                misses++;
                ready = Math.max(ready, pcie.dmaRead(t, p.lineBytes()) + p.hitNs());
            }
        }
        return ready;
    }

    /** Extra time to resolve {@code klmEntries} KLM entries through their underlying mkeys. */
    public long klmIndirectionNs(int klmEntries) {
        return klmEntries * p.klmIndirectionNs();
    }

    public TranslationParams params() {
        return p;
    }

    public long hits() {
        return hits;
    }

    public long misses() {
        return misses;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public ResourceKind kind() {
        return ResourceKind.TRANSLATION;
    }

    @Override
    public int units() {
        return 1;
    }

    /** Busy time is not tracked (misses are accounted on PCIe); utilisation reads as 0. */
    @Override
    public long busyNs() {
        return 0;
    }

    @Override
    public long uses() {
        return hits + misses;
    }

    @Override
    public void resetStats() {
        hits = 0;
        misses = 0;
    }
}
