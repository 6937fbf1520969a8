package org.hcasim.core.hw;

import java.util.List;

/**
 * The shape of the driver's MR cache on this HCA (mlx5_ib's {@code mr_cache}): how many pre-created mkeys each
 * entry keeps (its limit, the low-water mark; it refills to twice that) and the lookup policy. Entry i serves
 * MRs of up to 2^(i+2) pages; entries the list does not reach have limit 0 (not cached). An HCA whose driver has
 * no such cache (mlx4) lists no limits.
 *
 * @param limits limit of entry 0, 1, ... (at most {@link #ENTRIES})
 * @param policy the lookup policy's name ({@code org.hcasim.core.mrcache.MrCachePolicies})
 */
public record MrCacheParams(List<Integer> limits, String policy) {
    /** Standard entries of the mlx5 cache (MR_CACHE_LAST_STD_ENTRY + 1): orders 2 to 22. */
    public static final int ENTRIES = 21;

    public MrCacheParams {
        limits = List.copyOf(limits);
        if (limits.size() > ENTRIES) {
            throw new IllegalArgumentException("the MR cache has " + ENTRIES + " entries, not " + limits.size());
        }
        for (int l : limits) {
            if (l < 0) {
                throw new IllegalArgumentException("MR cache limits must be >= 0, got " + l);
            }
        }
    }

    /** The limit of entry {@code entry}: 0 beyond the listed ones. */
    public int limit(int entry) {
        return entry < limits.size() ? limits.get(entry) : 0;
    }
}
