package org.hcasim.core.collect;

import java.util.Map;

/**
 * A fixed map from names to {@code long}s, read on the per-I/O path (a host's CPU costs, asked by name on every
 * charge): open addressing with linear probing over the names' own cached hash codes, at most half full, the
 * names and values in two arrays. A lookup compares by identity first (callers pass the same constant strings)
 * and touches two arrays, not a {@code HashMap}'s node and boxed value. Built once; never changes.
 */
public final class NamedLongs {
    private final String[] names;
    private final long[] values;
    private final int mask;

    public NamedLongs(Map<String, Long> entries) {
        int capacity = Integer.highestOneBit(Math.max(4, entries.size() * 2 - 1)) << 1;
        names = new String[capacity];
        values = new long[capacity];
        mask = capacity - 1;
        for (Map.Entry<String, Long> e : entries.entrySet()) {
            int i = home(e.getKey());
            while (names[i] != null) {
                i = (i + 1) & mask;
            }
            names[i] = e.getKey();
            values[i] = e.getValue();
        }
    }

    /** Whether {@code name} has a value. */
    public boolean contains(String name) {
        return slot(name) >= 0;
    }

    /** The value of {@code name}, or {@code absent} if it has none. */
    public long get(String name, long absent) {
        int i = slot(name);
        return i < 0 ? absent : values[i];
    }

    private int slot(String name) {
        if (name == null) {
            return -1;
        }
        for (int i = home(name); ; i = (i + 1) & mask) {
            String n = names[i];
            if (n == name) {
                return i;
            }
            if (n == null) {
                return -1;
            }
            if (n.equals(name)) {
                return i;
            }
        }
    }

    /** The name's hash, its high bits folded in (String hashes of similar names differ mostly in low bits). */
    private int home(String name) {
        int h = name.hashCode();
        return (h ^ (h >>> 16)) & mask;
    }
}
