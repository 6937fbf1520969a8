package org.hcasim.core.verbs;

import java.util.LinkedHashMap;
import java.util.Map;

/** The HCA's translation-entry cache: LRU over (mkey index, page) entries. Deterministic. */
final class TranslationCache {
    private final int capacity;
    private final LinkedHashMap<Long, Boolean> entries;
    private long hits;
    private long misses;

    TranslationCache(int capacity) {
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(Math.min(capacity, 1 << 16), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Boolean> eldest) {
                return size() > TranslationCache.this.capacity;
            }
        };
    }

    /** Looks the entry up and caches it; true on a hit. */
    boolean touch(int keyIndex, long page) {
        long id = ((long) keyIndex << 40) ^ page;
        if (entries.get(id) != null) {
            hits++;
            return true;
        }
        misses++;
        entries.put(id, Boolean.TRUE);
        return false;
    }

    long hits() {
        return hits;
    }

    long misses() {
        return misses;
    }
}
