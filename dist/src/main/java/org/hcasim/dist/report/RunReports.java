package org.hcasim.dist.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.sim.ResourceKind;
import org.hcasim.core.sim.ResourceRegistry;
import org.hcasim.spi.ResourceUsage;
import org.hcasim.spi.RunReport;

/**
 * Builds the run report of a simulation from its resource registry. Cores are reported per host as a
 * group ({@code host/cpus}: how much of the machine is busy, as mpstat totals it) and, since interrupt
 * affinity can saturate one core while the group idles, the busiest core of each group on its own line.
 */
public final class RunReports {
    private RunReports() { }

    /** The report of the interval from the registry's last statistics reset to {@code nowNs} (or its stop). */
    public static RunReport from(ResourceRegistry registry, long nowNs) {
        long interval = registry.statsUntilNs(nowNs) - registry.statsSinceNs();
        List<ResourceUsage> out = new ArrayList<>();
        Map<String, List<org.hcasim.core.sim.ResourceUsage>> coreGroups = new LinkedHashMap<>();
        for (org.hcasim.core.sim.ResourceUsage u : registry.usage(nowNs)) {
            if (u.kind() == ResourceKind.CORE) {
                coreGroups.computeIfAbsent(group(u.name()), k -> new ArrayList<>()).add(u);
            } else {
                out.add(ResourceUsage.of(u.name(), kind(u.kind()), u.units(), u.busyNs(), interval)
                        .withCauses(u.busyByCause()));
            }
        }
        List<ResourceUsage> cores = new ArrayList<>();
        coreGroups.forEach((group, members) -> {
            long busy = members.stream().mapToLong(org.hcasim.core.sim.ResourceUsage::busyNs).sum();
            int units = members.stream().mapToInt(org.hcasim.core.sim.ResourceUsage::units).sum();
            cores.add(ResourceUsage.of(group + "/cpus", "cpu", units, busy, interval));
            if (members.size() > 1) {
                var busiest = members.stream().max(java.util.Comparator.comparingLong(org.hcasim.core.sim.ResourceUsage::busyNs)).get();
                cores.add(ResourceUsage.of(busiest.name() + " (busiest core)", "cpu", busiest.units(), busiest.busyNs(), interval));
            }
        });
        cores.addAll(out);
        return new RunReport(Math.max(0, interval), cores);
    }

    /** {@code target/cpu7} belongs to group {@code target}. */
    static String group(String coreName) {
        int slash = coreName.lastIndexOf('/');
        return slash < 0 ? coreName : coreName.substring(0, slash);
    }

    /** The report's kind words ({@link ResourceUsage#KINDS}) for the kernel's resource kinds. */
    static String kind(ResourceKind k) {
        return switch (k) {
            case CORE -> "cpu";
            case LOCK, MUTEX -> "lock";
            case HCA_ENGINE, TRANSLATION -> "hca-engine";
            case PCIE -> "pcie";
            case LINK, SWITCH -> "link";
            case FIRMWARE -> "firmware";
            case OTHER -> "other";
        };
    }
}
