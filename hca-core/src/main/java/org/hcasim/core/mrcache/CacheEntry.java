package org.hcasim.core.mrcache;

import java.util.ArrayDeque;
import org.hcasim.host.SpinLock;

/**
 * One entry of the cache (mlx5_cache_ent): the free mkeys of one order behind a spin lock, and its counters.
 * Mkeys made before the run (the cache filled at driver load) are only counted until taken.
 */
final class CacheEntry<K> {
    final int index;
    final int order;
    final int limit;
    /** Bytes of translation entries one of its mkeys holds: 8 per page it can map. */
    final long translationBytes;
    final SpinLock lock;
    final ArrayDeque<K> free = new ArrayDeque<>();
    /** Free mkeys created before the run, not yet handed out. */
    int prefilled;
    /** Asynchronous creations in flight. */
    int pending;
    /** Mkeys of this entry: free or in use. */
    long total;
    long misses;
    /** The refill hysteresis: set below the low-water mark, cleared at the high-water mark. */
    boolean fillToHighWater;
    boolean workQueued;
    boolean delayedWorkQueued;
    /** Its work item, delayed work and the callbacks of its commands, made once (no allocation per event). */
    Runnable work;
    Runnable delayedWork;
    Runnable created;
    Runnable destroyed;
    /** Name of its work in traces. */
    final String label;

    CacheEntry(int index, int order, int limit, SpinLock lock) {
        this.index = index;
        this.label = "entry" + index;
        this.order = order;
        this.limit = limit;
        this.translationBytes = 8L << order;
        this.lock = lock;
    }

    int available() {
        return free.size() + prefilled;
    }
}
