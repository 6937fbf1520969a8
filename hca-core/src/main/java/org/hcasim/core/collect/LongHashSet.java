package org.hcasim.core.collect;

import java.util.Arrays;

/**
 * A set of {@code long}s by open addressing: linear probing on one {@code long[]} with a multiplicative hash,
 * backward-shift deletion, at most half full. {@link Long#MIN_VALUE} marks a free slot and cannot be a member.
 * Unlike a {@code HashSet<Long>} it neither boxes nor allocates per operation.
 */
public final class LongHashSet {
    private static final long FREE = Long.MIN_VALUE;
    private long[] slots = free(16);
    private int size;

    public int size() {
        return size;
    }

    public boolean contains(long value) {
        if (value == FREE) {
            return false;
        }
        int mask = slots.length - 1;
        for (int i = home(value, mask); ; i = (i + 1) & mask) {
            long v = slots[i];
            if (v == value) {
                return true;
            }
            if (v == FREE) {
                return false;
            }
        }
    }

    /** Adds {@code value}; false when it was already a member. */
    public boolean add(long value) {
        if (value == FREE) {
            throw new IllegalArgumentException("Long.MIN_VALUE cannot be a member of a LongHashSet");
        }
        int mask = slots.length - 1;
        int i = home(value, mask);
        for (; slots[i] != FREE; i = (i + 1) & mask) {
            if (slots[i] == value) {
                return false;
            }
        }
        slots[i] = value;
        if (++size * 2 > slots.length) {
            rehash(slots.length * 2);
        }
        return true;
    }

    /** Removes {@code value}; false when it was not a member. */
    public boolean remove(long value) {
        if (value == FREE) {
            return false;
        }
        int mask = slots.length - 1;
        int i = home(value, mask);
        while (slots[i] != value) {
            if (slots[i] == FREE) {
                return false;
            }
            i = (i + 1) & mask;
        }
        // Backward-shift deletion: pull later members of the probe run into the hole so lookups never stop early.
        for (int j = (i + 1) & mask; slots[j] != FREE; j = (j + 1) & mask) {
            int h = home(slots[j], mask);
            boolean homeInHoleToJ = i <= j ? (h > i && h <= j) : (h > i || h <= j);
            if (!homeInHoleToJ) {
                slots[i] = slots[j];
                i = j;
            }
        }
        slots[i] = FREE;
        size--;
        return true;
    }

    private void rehash(int capacity) {
        long[] old = slots;
        slots = free(capacity);
        int mask = capacity - 1;
        for (long v : old) {
            if (v != FREE) {
                int i = home(v, mask);
                while (slots[i] != FREE) {
                    i = (i + 1) & mask;
                }
                slots[i] = v;
            }
        }
    }

    /** Fibonacci hashing: spreads strided values (aligned addresses) over all slots. */
    static int home(long value, int mask) {
        return (int) ((value * 0x9E3779B97F4A7C15L) >>> 32) & mask;
    }

    private static long[] free(int n) {
        long[] s = new long[n];
        Arrays.fill(s, FREE);
        return s;
    }
}
