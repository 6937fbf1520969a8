package org.hcasim.core.collect;

import java.util.Arrays;

/**
 * A sorted map from {@code long} to {@code long} on two parallel arrays, addressed by position (0 = smallest
 * key). Built for lists whose keys grow, like a timeline's bookings near the present or a bump allocator's
 * addresses: inserts and removals near the end are cheap shifts and the oldest entries leave from the front
 * (an index bump). Unlike a {@code TreeMap<Long, Long>} it neither boxes nor allocates per operation.
 */
public final class SortedLongMap {
    private long[] keys = new long[16];
    private long[] values = new long[16];
    private int head;
    private int size;

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public long keyAt(int i) {
        return keys[head + i];
    }

    public long valueAt(int i) {
        return values[head + i];
    }

    /**
     * Position of the first key {@code >= key} ({@code size()} if none). Searches from the end in doubling
     * steps first, because the keys asked for are near the newest ones, then bisects the bracket found.
     */
    private int lowerBound(long key) {
        int hi = head + size; // keys[hi..] are all >= key
        int lo = hi - 1;
        for (int step = 1; lo >= head && keys[lo] >= key; step <<= 1) {
            hi = lo;
            lo = hi - step;
        }
        lo = Math.max(lo + 1, head); // keys[..lo) are all < key
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (keys[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - head;
    }

    /** Position of the greatest key {@code <= key}, or -1. */
    public int floorIndex(long key) {
        int i = lowerBound(key);
        return i < size && keyAt(i) == key ? i : i - 1;
    }

    /** Position of the least key {@code >= key}, or -1. */
    public int ceilingIndex(long key) {
        int i = lowerBound(key);
        return i < size ? i : -1;
    }

    /** Position of the least key {@code > key}, or -1. */
    public int higherIndex(long key) {
        int i = lowerBound(key);
        if (i < size && keyAt(i) == key) {
            i++;
        }
        return i < size ? i : -1;
    }

    /** Position of {@code key}, or -1. */
    public int indexOf(long key) {
        int i = lowerBound(key);
        return i < size && keyAt(i) == key ? i : -1;
    }

    /** Sets the value of {@code key}, inserting it if absent. */
    public void put(long key, long value) {
        int i = lowerBound(key);
        if (i < size && keyAt(i) == key) {
            values[head + i] = value;
            return;
        }
        insertAt(i, key, value);
    }

    public void setValueAt(int i, long value) {
        values[head + i] = value;
    }

    /**
     * Inserts {@code key} at position {@code i}, shifting the entries from {@code i} on; the caller knows the
     * position (keys stay sorted and unique: {@code keyAt(i - 1) < key < keyAt(i)}).
     */
    public void insertAt(int i, long key, long value) {
        if (head + size == keys.length) {
            makeRoom();
        }
        int at = head + i;
        System.arraycopy(keys, at, keys, at + 1, size - i);
        System.arraycopy(values, at, values, at + 1, size - i);
        keys[at] = key;
        values[at] = value;
        size++;
    }

    public void removeAt(int i) {
        if (i == 0) {
            head++;
        } else {
            int at = head + i;
            System.arraycopy(keys, at + 1, keys, at, size - i - 1);
            System.arraycopy(values, at + 1, values, at, size - i - 1);
        }
        size--;
        if (size == 0) {
            head = 0;
        }
    }

    /** Moves the entries to the front of the arrays, growing them when they are at least half full. */
    private void makeRoom() {
        int capacity = size * 2 > keys.length ? keys.length * 2 : keys.length;
        long[] k = capacity == keys.length ? keys : Arrays.copyOf(keys, capacity);
        long[] v = capacity == values.length ? values : Arrays.copyOf(values, capacity);
        System.arraycopy(keys, head, k, 0, size);
        System.arraycopy(values, head, v, 0, size);
        keys = k;
        values = v;
        head = 0;
    }
}
