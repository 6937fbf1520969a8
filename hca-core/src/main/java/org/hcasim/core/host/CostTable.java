package org.hcasim.core.host;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.hcasim.core.collect.NamedLongs;
import org.hcasim.host.CpuCosts;

/**
 * {@link CpuCosts} backed by two maps (ns per operation, ns per byte); unknown names are errors. Listed in name
 * order; looked up by hash in a {@link NamedLongs} (per-byte costs as their bits), as ULPs ask for costs by name on
 * every charge (in rds-dim the {@code HashMap} lookups were ~3 % of the samples, on their nodes and boxed values).
 */
public final class CostTable implements CpuCosts {
    /** What a lookup of a name without a value returns; a real value equal to it is told apart by {@code contains}. */
    private static final long ABSENT = Long.MIN_VALUE;
    private final Map<String, Long> ns;
    private final Map<String, Double> nsPerByte;
    private final NamedLongs nsLookup;
    private final NamedLongs nsPerByteBits;

    public CostTable(Map<String, Long> ns, Map<String, Double> nsPerByte) {
        this.ns = new TreeMap<>(ns);
        this.nsPerByte = new TreeMap<>(nsPerByte);
        this.nsLookup = new NamedLongs(this.ns);
        Map<String, Long> bits = new LinkedHashMap<>();
        this.nsPerByte.forEach((name, v) -> bits.put(name, Double.doubleToRawLongBits(v)));
        this.nsPerByteBits = new NamedLongs(bits);
    }

    @Override
    public long ns(String operation) {
        long v = nsLookup.get(operation, ABSENT);
        if (v == ABSENT && !nsLookup.contains(operation)) {
            throw new IllegalArgumentException("no CPU cost '" + operation + "' in the host profile; known: "
                    + ns.keySet());
        }
        return v;
    }

    @Override
    public double nsPerByte(String operation) {
        long v = nsPerByteBits.get(operation, ABSENT);
        if (v == ABSENT && !nsPerByteBits.contains(operation)) {
            throw new IllegalArgumentException("no per-byte CPU cost '" + operation + "' in the host profile; known: "
                    + nsPerByte.keySet());
        }
        return Double.longBitsToDouble(v);
    }

    public Map<String, Long> perOperation() {
        return java.util.Collections.unmodifiableMap(ns);
    }

    public Map<String, Double> perByte() {
        return java.util.Collections.unmodifiableMap(nsPerByte);
    }
}
