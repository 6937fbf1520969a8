package org.hcasim.core.host;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.hcasim.host.CpuCosts;

/**
 * {@link CpuCosts} backed by two maps (ns per operation, ns per byte); unknown names are errors. Listed in name
 * order; looked up by hash, as ULPs and the engine ask for costs on every I/O.
 */
public final class CostTable implements CpuCosts {
    private final Map<String, Long> ns;
    private final Map<String, Double> nsPerByte;
    private final Map<String, Long> nsLookup;
    private final Map<String, Double> nsPerByteLookup;

    public CostTable(Map<String, Long> ns, Map<String, Double> nsPerByte) {
        this.ns = new TreeMap<>(ns);
        this.nsPerByte = new TreeMap<>(nsPerByte);
        this.nsLookup = new HashMap<>(this.ns);
        this.nsPerByteLookup = new HashMap<>(this.nsPerByte);
    }

    @Override
    public long ns(String operation) {
        Long v = nsLookup.get(operation);
        if (v == null) {
            throw new IllegalArgumentException("no CPU cost '" + operation + "' in the host profile; known: "
                    + ns.keySet());
        }
        return v;
    }

    @Override
    public double nsPerByte(String operation) {
        Double v = nsPerByteLookup.get(operation);
        if (v == null) {
            throw new IllegalArgumentException("no per-byte CPU cost '" + operation + "' in the host profile; known: "
                    + nsPerByte.keySet());
        }
        return v;
    }

    public Map<String, Long> perOperation() {
        return java.util.Collections.unmodifiableMap(ns);
    }

    public Map<String, Double> perByte() {
        return java.util.Collections.unmodifiableMap(nsPerByte);
    }
}
