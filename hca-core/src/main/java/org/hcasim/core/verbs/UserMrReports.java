package org.hcasim.core.verbs;

import java.util.List;
import java.util.Map;
import org.hcasim.core.mrcache.MrCache;
import org.hcasim.core.mrcache.MrCachePolicies;
import org.hcasim.host.Host;
import org.hcasim.spi.CounterTable;
import org.hcasim.spi.RunReport;
import org.hcasim.verbs.RdmaDevice;

/**
 * What the timed user-registration path of each device did, for the run report: the MR cache's entries (limit and
 * the available, total, pending and miss counters), the registrations and where their time went, the memory the
 * mkeys' translation tables hold, and the cache policy in force. Devices whose path never ran add nothing.
 * Counters cover the run since the device was created.
 */
public final class UserMrReports {
    /** Columns of the MR cache table. */
    public static final List<String> CACHE_COLUMNS = List.of("entry", "order", "limit", "available", "total", "pending", "miss");
    /** Columns of the registrations table. */
    public static final List<String> REGISTRATION_COLUMNS = List.of("registrations", "cache_hits", "cache_misses",
            "uncached", "deregistrations", "mkeys_created", "mkeys_destroyed", "thread_ns", "command_wait_ns",
            "umr_wait_ns");

    private UserMrReports() { }

    /** {@code report} with the user-registration figures of every device of {@code hosts} that registered. */
    public static RunReport annotate(RunReport report, List<? extends Host> hosts) {
        RunReport r = report;
        for (Host h : hosts) {
            for (RdmaDevice d : h.devices()) {
                if (d instanceof SimRdmaDevice sim && sim.userMrsIfUsed() != null) {
                    r = annotate(r, h.name() + "/" + d.name(), sim.userMrsIfUsed());
                }
            }
        }
        return r;
    }

    private static RunReport annotate(RunReport r, String device, UserMrPath path) {
        MrCache<Mkey> cache = path.cache();
        UserMrPath.Stats s = path.stats();
        return r.withPolicies(Map.of(MrCachePolicies.KEY, cache.policy()))
                .withTable(new CounterTable(device + " MR cache (" + cache.policy() + ")", CACHE_COLUMNS, path.cacheRows()))
                .withTable(new CounterTable(device + " user MR registrations", REGISTRATION_COLUMNS, List.of(List.of(
                        s.registrations, s.hits, s.misses, s.uncached, s.deregistrations, cache.createdDuringRun(),
                        cache.destroyedDuringRun(), s.threadNs, s.commandWaitNs, s.umrWaitNs))))
                .withMemory(device + " mkey translation tables (ICM)", cache.translationBytesHeld() + s.uncachedTableBytes)
                .withMemory(device + " of which beyond the registered pages of in-use MRs", s.oversizeBytes);
    }
}
