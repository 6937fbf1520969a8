package org.hcasim.core.mrcache;

/**
 * A lookup policy of the MR cache: where an mkey for a registration of one entry's size may come from. Runs in
 * the registering task and pays for what it does there (each entry it looks at is locked, examined and has its
 * refill decision made: {@link MrCache#visit}); it never creates an mkey itself.
 */
public interface MrCacheLookup {
    /** An mkey able to map a registration of entry {@code entry}, taken from the cache, or null: a miss. */
    <K> K take(MrCache<K> cache, int entry);
}
