package org.hcasim.core.verbs;

import java.util.List;
import java.util.Map;
import org.hcasim.core.mrcache.MrCache;
import org.hcasim.core.mrcache.MrCachePolicies;
import org.hcasim.core.verbs.mkey.Mkey;
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
    /** Columns of the registrations table: what they did, then where their time went (ns, summed over them). */
    public static final List<String> REGISTRATION_COLUMNS = List.of("registrations", "cache_hits", "cache_misses",
            "uncached", "mkeys_created", "mkeys_destroyed", "thread_ns", "command_wait_ns", "umr_wait_ns");
    /** Columns of the deregistrations table. */
    public static final List<String> DEREGISTRATION_COLUMNS = List.of("deregistrations", "thread_ns", "command_wait_ns",
            "umr_wait_ns");
    /** Title suffixes of the tables. */
    public static final String CACHE = " MR cache";
    public static final String REGISTRATIONS = " user MR registrations";
    public static final String DEREGISTRATIONS = " user MR deregistrations";

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
        UserMrPath.Times reg = s.registering;
        UserMrPath.Times dereg = s.deregistering;
        RunReport out = r.withPolicies(Map.of(MrCachePolicies.KEY, cache.policy()))
                .withTable(new CounterTable(device + CACHE + " (" + cache.policy() + ")", CACHE_COLUMNS, path.cacheRows()))
                .withTable(new CounterTable(device + REGISTRATIONS, REGISTRATION_COLUMNS, List.of(List.of(
                        s.registrations, s.hits, s.misses, s.uncached, cache.createdDuringRun(),
                        cache.destroyedDuringRun(), reg.threadNs, reg.commandWaitNs, reg.umrWaitNs))));
        if (s.deregistrations > 0) {
            out = out.withTable(new CounterTable(device + DEREGISTRATIONS, DEREGISTRATION_COLUMNS, List.of(List.of(
                    s.deregistrations, dereg.threadNs, dereg.commandWaitNs, dereg.umrWaitNs))));
        }
        return out.withMemory(device + " mkey translation tables (ICM)", cache.translationBytesHeld() + s.uncachedTableBytes)
                .withMemory(device + " of which beyond the registered pages of in-use MRs", s.oversizeBytes);
    }
}
