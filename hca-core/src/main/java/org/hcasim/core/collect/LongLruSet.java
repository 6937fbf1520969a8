package org.hcasim.core.collect;

import java.util.Arrays;

/**
 * A set of at most {@code capacity} {@code long}s that forgets the least recently used one when a new one comes:
 * an open-addressing index (linear probing, {@link Long#MIN_VALUE} = free, backward-shift deletion) into entry
 * arrays linked in use order by {@code int} positions. {@link #touch} is what an access-ordered
 * {@code LinkedHashMap} with {@code removeEldestEntry} does on {@code get}, then {@code put} on a miss, without
 * boxing or allocating.
 */
public final class LongLruSet {
    private static final long FREE = Long.MIN_VALUE;
    private static final int NONE = -1;

    private final int capacity;
    private final long[] index; // open addressing: the member, or FREE
    private final int[] entryOf; // index slot -> entry
    private final long[] members; // entry -> member
    private final int[] slotOf; // entry -> index slot
    private final int[] older;
    private final int[] newer;
    private int oldest = NONE;
    private int newest = NONE;
    private int size;

    public LongLruSet(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("an LRU set needs a capacity of at least 1, got " + capacity);
        }
        this.capacity = capacity;
        int slots = Integer.highestOneBit(Math.max(2, capacity) * 2 - 1) * 2; // a power of two, at most half full
        this.index = new long[slots];
        Arrays.fill(index, FREE);
        this.entryOf = new int[slots];
        this.members = new long[capacity];
        this.slotOf = new int[capacity];
        this.older = new int[capacity];
        this.newer = new int[capacity];
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return capacity;
    }

    /** Whether {@code value} is a member, without changing the use order. */
    public boolean contains(long value) {
        return value != FREE && find(value) >= 0;
    }

    /**
     * Uses {@code value}: a member becomes the most recently used one and true is returned; otherwise it is added
     * as the most recently used, the least recently used member leaves if the set was full, and false is returned.
     */
    public boolean touch(long value) {
        if (value == FREE) {
            throw new IllegalArgumentException("Long.MIN_VALUE cannot be a member of a LongLruSet");
        }
        int slot = find(value);
        if (slot >= 0) {
            int e = entryOf[slot];
            unlink(e);
            linkNewest(e);
            return true;
        }
        int e;
        if (size == capacity) {
            e = oldest;
            unlink(e);
            removeSlot(slotOf[e]);
        } else {
            e = size++;
        }
        members[e] = value;
        int s = freeSlotFor(value);
        index[s] = value;
        entryOf[s] = e;
        slotOf[e] = s;
        linkNewest(e);
        return false;
    }

    /** The members from least to most recently used (for tests and diagnostics; allocates). */
    public long[] inUseOrder() {
        long[] out = new long[size];
        int i = 0;
        for (int e = oldest; e != NONE; e = newer[e]) {
            out[i++] = members[e];
        }
        return out;
    }

    private int find(long value) {
        int mask = index.length - 1;
        for (int i = home(value, mask); ; i = (i + 1) & mask) {
            long v = index[i];
            if (v == value) {
                return i;
            }
            if (v == FREE) {
                return -1;
            }
        }
    }

    private int freeSlotFor(long value) {
        int mask = index.length - 1;
        int i = home(value, mask);
        while (index[i] != FREE) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** Backward-shift deletion of index slot {@code i}, keeping entries pointing at their moved slots. */
    private void removeSlot(int i) {
        int mask = index.length - 1;
        for (int j = (i + 1) & mask; index[j] != FREE; j = (j + 1) & mask) {
            int h = home(index[j], mask);
            boolean homeInHoleToJ = i <= j ? (h > i && h <= j) : (h > i || h <= j);
            if (!homeInHoleToJ) {
                index[i] = index[j];
                entryOf[i] = entryOf[j];
                slotOf[entryOf[i]] = i;
                i = j;
            }
        }
        index[i] = FREE;
    }

    private void unlink(int e) {
        int o = older[e];
        int n = newer[e];
        if (o == NONE) {
            oldest = n;
        } else {
            newer[o] = n;
        }
        if (n == NONE) {
            newest = o;
        } else {
            older[n] = o;
        }
    }

    private void linkNewest(int e) {
        older[e] = newest;
        newer[e] = NONE;
        if (newest == NONE) {
            oldest = e;
        } else {
            newer[newest] = e;
        }
        newest = e;
    }

    /** Fibonacci hashing: spreads strided values (aligned addresses) over all slots. */
    private static int home(long value, int mask) {
        return (int) ((value * 0x9E3779B97F4A7C15L) >>> 32) & mask;
    }
}
