package org.hcasim.core.collect;

/**
 * A sorted map from {@code long} to {@code long} on one array of (key, value) pairs, addressed by position
 * (0 = smallest key). Built for lists whose keys grow, like a timeline's bookings near the present or a bump
 * allocator's addresses: inserts and removals near the end are cheap shifts and the oldest entries leave from
 * the front (an index bump). An insert or removal shifts whichever side of its position is shorter (the array
 * keeps room in front of the entries too): a single-unit timeline with a long backlog booked ahead fills gaps
 * near the present, at the front of a list of thousands (docs/performance.md). A key and its value share a
 * cache line, which matters on the per-I/O path where every map is touched briefly between much other work.
 * Unlike a {@code TreeMap<Long, Long>} it neither boxes nor allocates per operation.
 */
public final class SortedLongMap {
    /** entries[2j] = key, entries[2j + 1] = value of array slot j; the map is slots [head, head + size). */
    private long[] entries = new long[32];
    private int head;
    private int size;
    /** Entries moved by inserts and removals so far (tests check which side was shifted). */
    private long shifted;

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public long keyAt(int i) {
        return entries[2 * (head + i)];
    }

    public long valueAt(int i) {
        return entries[2 * (head + i) + 1];
    }

    private int capacity() {
        return entries.length >>> 1;
    }

    /**
     * Position of the first key {@code >= key} ({@code size()} if none). The keys asked for are near the newest
     * ones: a few steps back from the end first (each branch easy to predict), then back in doubling steps and a
     * bisection of the bracket found.
     */
    private int lowerBound(long key) {
        long[] e = entries;
        int end = head + size;
        int near = Math.max(head, end - 4);
        for (int j = end - 1; j >= near; j--) {
            if (e[2 * j] < key) {
                return j + 1 - head;
            }
        }
        if (near == head) {
            return 0;
        }
        int hi = near; // keys of slots [hi..) are all >= key
        int lo = hi - 1;
        for (int step = 1; lo >= head && e[2 * lo] >= key; step <<= 1) {
            hi = lo;
            lo = hi - step;
        }
        lo = Math.max(lo + 1, head); // keys of slots [..lo) are all < key
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (e[2 * mid] < key) {
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
            setValueAt(i, value);
            return;
        }
        insertAt(i, key, value);
    }

    public void setValueAt(int i, long value) {
        entries[2 * (head + i) + 1] = value;
    }

    /**
     * Inserts {@code key} at position {@code i}, shifting the entries from {@code i} on; the caller knows the
     * position (keys stay sorted and unique: {@code keyAt(i - 1) < key < keyAt(i)}).
     */
    public void insertAt(int i, long key, long value) {
        boolean tailFull = head + size == capacity();
        if (tailFull && head == 0) {
            makeRoom();
            tailFull = false;
        }
        int at;
        if (head > 0 && (i < size - i || tailFull)) { // the front is shorter (or the only side with room)
            int from = 2 * head;
            System.arraycopy(entries, from, entries, from - 2, 2 * i);
            head--;
            shifted += i;
            at = 2 * (head + i);
        } else {
            at = 2 * (head + i);
            System.arraycopy(entries, at, entries, at + 2, 2 * (size - i));
            shifted += size - i;
        }
        entries[at] = key;
        entries[at + 1] = value;
        size++;
    }

    /**
     * Removes the first {@code n} entries (the smallest keys): an index bump, as the oldest entries of a list
     * whose keys grow leave from the front.
     */
    public void removeFirst(int n) {
        if (n < 0 || n > size) {
            throw new IndexOutOfBoundsException("cannot remove the first " + n + " of " + size + " entries");
        }
        head += n;
        size -= n;
        if (size == 0) {
            head = 0;
        }
    }

    /** How many entries from the front have a value below {@code bound} (the values must grow with the keys). */
    public int countLeadingValuesBelow(long bound) {
        long[] e = entries;
        int n = 0;
        while (n < size && e[2 * (head + n) + 1] < bound) {
            n++;
        }
        return n;
    }

    /** How many entries from the front have a key below {@code bound}. */
    public int countLeadingKeysBelow(long bound) {
        long[] e = entries;
        int n = 0;
        while (n < size && e[2 * (head + n)] < bound) {
            n++;
        }
        return n;
    }

    public void removeAt(int i) {
        int after = size - i - 1;
        if (i < after) { // the entries before it are fewer: move them up by one
            int from = 2 * head;
            System.arraycopy(entries, from, entries, from + 2, 2 * i);
            head++;
            shifted += i;
        } else {
            int at = 2 * (head + i);
            System.arraycopy(entries, at + 2, entries, at, 2 * after);
            shifted += after;
        }
        size--;
        if (size == 0) {
            head = 0;
        }
    }

    /** Entries moved by inserts and removals since the map was made. */
    long shiftedEntries() {
        return shifted;
    }

    /**
     * Moves the entries down to a quarter of the free room from the array's start (the rest stays behind them,
     * where a list whose keys grow inserts most), growing the array when it is at least half full.
     */
    private void makeRoom() {
        long[] e = size * 2 > capacity() ? new long[entries.length * 2] : entries;
        int newHead = (e.length / 2 - size) / 4;
        System.arraycopy(entries, 2 * head, e, 2 * newHead, 2 * size);
        entries = e;
        head = newHead;
    }
}
