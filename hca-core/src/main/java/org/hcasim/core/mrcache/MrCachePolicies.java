package org.hcasim.core.mrcache;

import java.util.List;
import org.hcasim.spi.InvalidSettingException;
import org.hcasim.spi.policy.PolicyContext;
import org.hcasim.spi.policy.PolicyFactory;

/**
 * The MR cache's lookup policies, by the name {@value #KEY} selects (an engine policy: named factories like the
 * policy SPI's, built in only).
 * <ul>
 *   <li>{@value #SEARCH_LARGER}: the requested entry, then every larger one under its own lock, taking from the
 *       first that has an mkey and poking the refill of each visited (get_cache_mr of Linux 5.x up to the strict
 *       rework); a miss only when all are empty.</li>
 *   <li>{@value #STRICT}: the requested entry only (mlx5_mr_cache_alloc in later kernels); a miss when it is
 *       empty.</li>
 * </ul>
 * On a miss the registration creates an mkey of the requested entry synchronously (create_cache_mr).
 */
public final class MrCachePolicies {
    private MrCachePolicies() { }

    /** The configuration key (an HCA profile key) naming the policy. */
    public static final String KEY = "hca.mr-cache.policy";
    public static final String SEARCH_LARGER = "search-larger";
    public static final String STRICT = "strict";

    private static final MrCacheLookup SEARCH_LARGER_LOOKUP = new MrCacheLookup() {
        @Override
        public <K> K take(MrCache<K> cache, int entry) {
            for (int i = entry; i < cache.entries(); i++) {
                K k = cache.visit(i);
                if (k != null) {
                    return k;
                }
            }
            cache.countMiss(entry);
            return null;
        }
    };

    private static final MrCacheLookup STRICT_LOOKUP = new MrCacheLookup() {
        @Override
        public <K> K take(MrCache<K> cache, int entry) {
            K k = cache.visit(entry);
            if (k == null) {
                cache.countMiss(entry);
            }
            return k;
        }
    };

    private static final List<PolicyFactory<MrCacheLookup>> FACTORIES = List.of(
            factory(SEARCH_LARGER, "take from the requested entry or the first larger one that has an mkey, poking the"
                    + " refill of every entry visited; create only when all are empty", SEARCH_LARGER_LOOKUP),
            factory(STRICT, "take from the requested entry only; create an mkey synchronously when it is empty",
                    STRICT_LOOKUP));

    private static PolicyFactory<MrCacheLookup> factory(String name, String description, MrCacheLookup lookup) {
        return new PolicyFactory<>() {
            @Override public String name() { return name; }
            @Override public String description() { return description; }
            @Override public MrCacheLookup create(PolicyContext context) { return lookup; }
        };
    }

    /** The policies, in name order. */
    public static List<PolicyFactory<MrCacheLookup>> factories() {
        return FACTORIES;
    }

    /** Their names, sorted. */
    public static List<String> names() {
        return FACTORIES.stream().map(PolicyFactory::name).sorted().toList();
    }

    /** The lookup {@code name} selects; an unknown name is a one-line error listing the choices. */
    public static MrCacheLookup named(String name) {
        for (PolicyFactory<MrCacheLookup> f : FACTORIES) {
            if (f.name().equals(name)) {
                return f.create(PolicyContext.forKey(KEY, java.util.Map.of()));
            }
        }
        throw new InvalidSettingException(KEY, name, "unknown MR cache policy; choices: " + String.join(", ", names()));
    }
}
