package org.hcasim.core.sim;

/**
 * Utilisation of one resource over a measured interval.
 *
 * @param utilisation busy time / (units x interval), 0..1 (a resource booked beyond the interval's end can
 *                    exceed 1: it is then saturated)
 * @param meanWaitNs  mean wait per use, ns
 * @param busyByCause busy ns by what the resource was busy with ({@link Resource#busyByCause()}), empty if not split
 */
public record ResourceUsage(String name, ResourceKind kind, int units, long busyNs, long uses, long waitNs,
                            double utilisation, double meanWaitNs, java.util.Map<String, Long> busyByCause) {

    public ResourceUsage {
        busyByCause = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(busyByCause));
    }

    static ResourceUsage of(Resource r, long intervalNs) {
        long busy = r.busyNs();
        long uses = r.uses();
        double util = intervalNs <= 0 ? 0.0 : (double) busy / ((double) r.units() * intervalNs);
        double meanWait = uses == 0 ? 0.0 : (double) r.waitNs() / uses;
        return new ResourceUsage(r.name(), r.kind(), r.units(), busy, uses, r.waitNs(), util, meanWait, r.busyByCause());
    }
}
