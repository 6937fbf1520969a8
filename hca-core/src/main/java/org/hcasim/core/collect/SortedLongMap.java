package org.hcasim.core.collect;

import java.util.Arrays;

/**
 * A sorted map from {@code long} to {@code long}, addressed by position (0 = smallest key), stored as a list of
 * fixed-size chunks of (key, value) pairs in one {@code long[]} pool. An insert or removal moves at most one
 * chunk's entries and renumbers the chunks after it, so it costs O(sqrt n) however deep in the list it lands:
 * a single-unit timeline with a long backlog booked ahead fills gaps near the present, thousands of entries
 * from either end (docs/performance.md). Reading by position goes through a cursor on the last chunk used, so
 * walking neighbours, as a timeline does, stays a bounds check and an array read. A key and its value share a
 * cache line, which matters on the per-I/O path where every map is touched briefly between much other work.
 * Unlike a {@code TreeMap<Long, Long>} it neither boxes nor allocates per operation (only when it grows).
 */
public final class SortedLongMap {
    /**
     * Entries per chunk: an insert moves up to this many pairs inside a chunk and renumbers about 2n / this
     * chunks, which balance near 64 for the few thousand entries of a saturated PCIe direction's backlog.
     */
    static final int DEFAULT_CHUNK_ENTRIES = 64;

    private final int chunkEntries;
    /** Chunk storage: a chunk at pool offset b holds key j at pool[b + 2j] and its value at pool[b + 2j + 1]. */
    private long[] pool;
    /** Pool offsets of chunks not in use. */
    private int[] spare = new int[4];
    private int spareCount;
    /** The chunks in key order, by index c < chunks: pool offset, entries, position of the first entry. */
    private int[] base = new int[4];
    private int[] count = new int[4];
    private int[] first = new int[4];
    /** Key of each chunk's first entry, beside the others so that searching the chunks reads one array. */
    private long[] firstKey = new long[4];
    /** Chunks in use; at least one (empty only when the map is), none of the others empty. */
    private int chunks = 1;
    /**
     * The first chunk whose first position may be out of date (at least 1: chunk 0 starts at 0). An insert or
     * removal only lowers it; the positions after it are worked out again when a position there is asked for,
     * so a run of inserts near the front does not renumber the chunks behind them each time.
     */
    private int stale = 1;
    private int size;
    /** The chunk positions were last read from, as its index, first position, entries and pool offset. */
    private int cursor;
    private int cursorFirst;
    private int cursorCount;
    private int cursorBase;
    /** Entries moved by inserts and removals so far (tests check how few). */
    private long shifted;
    /** Positions found by bisecting the chunks so far (tests check that an insert after a search needs none). */
    private long bisections;
    /** Chunks whose first positions were worked out, forward or back from the end, so far (tests check how few). */
    private long walkedChunks;

    public SortedLongMap() {
        this(DEFAULT_CHUNK_ENTRIES);
    }

    /** A map with chunks of {@code chunkEntries} entries (tests use small ones to exercise many chunks). */
    SortedLongMap(int chunkEntries) {
        if (chunkEntries < 4) {
            throw new IllegalArgumentException("a chunk needs at least 4 entries, got " + chunkEntries);
        }
        this.chunkEntries = chunkEntries;
        this.pool = new long[2 * chunkEntries];
    }

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public long keyAt(int i) {
        return pool[slot(i)];
    }

    public long valueAt(int i) {
        return pool[slot(i) + 1];
    }

    public void setValueAt(int i, long value) {
        pool[slot(i) + 1] = value;
    }

    /** Pool offset of position {@code i}'s key. */
    private int slot(int i) {
        int d = i - cursorFirst;
        if (d >= 0 && d < cursorCount) {
            return cursorBase + 2 * d;
        }
        return seek(i);
    }

    /**
     * Aims the cursor at the chunk holding position {@code i}, unless it is there already: an insert or removal
     * usually follows a search that left it there (a timeline's staircase step after its floor's lookup), and
     * going straight to {@link #seek} bisected the chunks again for it.
     */
    private void aimAt(int i) {
        int d = i - cursorFirst;
        if (d < 0 || d >= cursorCount) {
            seek(i);
        }
    }

    /** Moves the cursor to the chunk holding position {@code i}: the next one, as walks go, or by bisection. */
    private int seek(int i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("position " + i + " outside a map of " + size + " entries");
        }
        int c = cursor + 1;
        if (c >= chunks || i < firstOf(c) || i >= first[c] + count[c]) {
            int known = stale - 1; // chunks [0, known] have their first positions
            if (known < chunks - 1 && i >= first[known] + count[known]) {
                aim(walkTo(i));
                return cursorBase + 2 * (i - cursorFirst);
            }
            bisections++;
            int lo = 0;
            int hi = known < chunks - 1 ? known : chunks - 1;
            while (lo < hi) { // the last chunk whose first position is <= i
                int mid = (lo + hi + 1) >>> 1;
                if (first[mid] <= i) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            c = lo;
        }
        aim(c);
        return cursorBase + 2 * (i - cursorFirst);
    }

    /**
     * The chunk holding position {@code i}, which lies after the chunks whose first positions are known: their
     * positions worked out in order until it.
     */
    private int walkTo(int i) {
        int c = stale;
        while (true) {
            first[c] = first[c - 1] + count[c - 1];
            if (i < first[c] + count[c]) {
                stale = c + 1;
                return c;
            }
            c++;
        }
    }

    /**
     * The first position of chunk {@code c}, worked out if out of date: from the end (the size less the entries of
     * the chunks from {@code c} on) when {@code c} is nearer the last chunk than the known positions, else forward,
     * the stale ones before it with it. A timeline inserts near the present, a few chunks from the front, which
     * leaves the positions after it stale, and searches near its newest bookings, a few chunks from the end (the
     * last chunk's position is then the size less its entries): counting back from the end does not walk the
     * chunks between (docs/performance.md).
     */
    private int firstOf(int c) {
        if (c < stale) {
            return first[c];
        }
        int last = chunks - 1;
        if (last - c < c - stale) {
            int f = size;
            for (int k = last; k >= c; k--) {
                f -= count[k];
            }
            walkedChunks += last - c + 1;
            first[c] = f; // right now, but not marked known: an insert before c would not lower the mark past it
            return f;
        }
        for (int k = stale; k <= c; k++) {
            first[k] = first[k - 1] + count[k - 1];
        }
        walkedChunks += c - stale + 1;
        stale = c + 1;
        return first[c];
    }

    private void aim(int c) {
        cursor = c;
        cursorFirst = firstOf(c);
        cursorCount = count[c];
        cursorBase = base[c];
    }

    /**
     * Position of the first key {@code >= key} ({@code size()} if none). The keys asked for are near the last
     * ones used or the newest: the cursor's chunk first, then the last chunk, then a bisection of the chunks by
     * their first keys; inside the chunk a few steps back from its end, then a bisection.
     */
    private int lowerBound(long key) {
        if (size == 0) {
            return 0;
        }
        long[] fk = firstKey;
        int last = chunks - 1;
        int c = cursor;
        if (fk[c] >= key || c < last && fk[c + 1] < key) { // not the cursor's chunk
            c = last;
            if (fk[c] >= key) {
                if (fk[0] >= key) {
                    return 0;
                }
                int lo = 0; // first key of chunk lo is < key, of chunk c >= key
                while (c - lo > 1) {
                    int mid = (lo + c) >>> 1;
                    if (fk[mid] < key) {
                        lo = mid;
                    } else {
                        c = mid;
                    }
                }
                c = lo;
            }
            aim(c);
        }
        long[] p = pool;
        int b = cursorBase;
        int n = cursorCount;
        int near = Math.max(1, n - 4);
        for (int j = n - 1; j >= near; j--) {
            if (p[b + 2 * j] < key) {
                return cursorFirst + j + 1;
            }
        }
        int lo = 1; // entry 0 of the chunk is < key, entries [hi..) are >= key
        int hi = near;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (p[b + 2 * mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return cursorFirst + lo;
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

    /**
     * Inserts {@code key} at position {@code i}, shifting the entries from {@code i} on; the caller knows the
     * position (keys stay sorted and unique: {@code keyAt(i - 1) < key < keyAt(i)}).
     */
    public void insertAt(int i, long key, long value) {
        if (i < 0 || i > size) {
            throw new IndexOutOfBoundsException("cannot insert at " + i + " in a map of " + size + " entries");
        }
        int c;
        if (i == size) {
            c = chunks - 1;
        } else {
            aimAt(i);
            c = cursor;
            if (i == first[c] && c > 0 && count[c - 1] < chunkEntries) {
                c--; // at a chunk's start: the end of the previous chunk, if it has room, moves nothing
            }
        }
        int at = i - firstOf(c);
        if (count[c] == chunkEntries) {
            if (at == chunkEntries && c == chunks - 1) {
                addChunk(c + 1); // appending to a full last chunk: a new one, so appended lists stay dense
                c++;
                at = 0;
            } else {
                int half = chunkEntries / 2;
                split(c, half);
                if (at > half) {
                    c++;
                    at -= half;
                }
            }
        }
        int b = base[c] + 2 * at;
        int after = count[c] - at;
        System.arraycopy(pool, b, pool, b + 2, 2 * after);
        shifted += after;
        pool[b] = key;
        pool[b + 1] = value;
        count[c]++;
        size++;
        renumberAfter(c);
        firstKey[c] = pool[base[c]];
        aim(c);
    }

    public void removeAt(int i) {
        aimAt(i);
        int c = cursor;
        int at = i - first[c];
        int b = base[c] + 2 * at;
        int after = count[c] - at - 1;
        System.arraycopy(pool, b + 2, pool, b, 2 * after);
        shifted += after;
        count[c]--;
        size--;
        renumberAfter(c);
        if (count[c] == 0 && chunks > 1) {
            dropChunks(c, 1);
            c = Math.min(c, chunks - 1);
        } else {
            // keep neighbours from both staying small, so there are at most about 4n / chunkEntries chunks
            int small = chunkEntries / 2;
            if (c + 1 < chunks && count[c] + count[c + 1] <= small) {
                mergeNext(c);
            } else if (c > 0 && count[c - 1] + count[c] <= small) {
                mergeNext(--c);
            }
        }
        firstKey[c] = pool[base[c]]; // stale only in the empty map, whose first key is never read
        aim(c);
    }

    /**
     * Removes the first {@code n} entries (the smallest keys), as the oldest entries of a list whose keys grow
     * leave from the front: whole chunks are dropped, the rest of the last one touched moves down.
     */
    public void removeFirst(int n) {
        if (n < 0 || n > size) {
            throw new IndexOutOfBoundsException("cannot remove the first " + n + " of " + size + " entries");
        }
        if (n == 0) {
            return;
        }
        if (n == size) {
            dropChunks(1, chunks - 1);
            count[0] = 0;
            size = 0;
            stale = 1;
            aim(0);
            return;
        }
        int whole = 0;
        int left = n;
        while (count[whole] <= left) {
            left -= count[whole];
            whole++;
        }
        if (left > 0) {
            int b = base[whole];
            int rest = count[whole] - left;
            System.arraycopy(pool, b + 2 * left, pool, b, 2 * rest);
            shifted += rest;
            count[whole] = rest;
        }
        size -= n;
        dropChunks(0, whole);
        first[0] = 0; // the chunk that lost its front entries (or the first one kept whole)
        firstKey[0] = pool[base[0]];
        stale = 1;
        aim(0);
    }

    /** How many entries from the front have a value below {@code bound} (the values must grow with the keys). */
    public int countLeadingValuesBelow(long bound) {
        return countLeadingBelow(1, bound);
    }

    /** How many entries from the front have a key below {@code bound}. */
    public int countLeadingKeysBelow(long bound) {
        return countLeadingBelow(0, bound);
    }

    /** Entries from the front whose key ({@code field} 0) or value (1) is below {@code bound}. */
    private int countLeadingBelow(int field, long bound) {
        long[] p = pool;
        int n = 0;
        for (int c = 0; c < chunks; c++) {
            int b = base[c] + field;
            int k = count[c];
            int j = 0;
            while (j < k && p[b + 2 * j] < bound) {
                j++;
            }
            n += j;
            if (j < k) {
                break;
            }
        }
        return n;
    }

    /** Entries moved by inserts and removals since the map was made. */
    long shiftedEntries() {
        return shifted;
    }

    /** Positions found by bisecting the chunks since the map was made. */
    long bisections() {
        return bisections;
    }

    /** Chunks whose first positions were worked out since the map was made. */
    long walkedChunks() {
        return walkedChunks;
    }

    /** Chunks in use (tests check that they stay few). */
    int chunkCount() {
        return chunks;
    }

    /** The entries of chunk {@code c} changed in number: the first positions of the chunks after it are out of date. */
    private void renumberAfter(int c) {
        if (c + 1 < stale) {
            stale = c + 1;
        }
    }

    /** Moves the entries of chunk {@code c} (its first position known) from {@code keep} on into a new chunk after it. */
    private void split(int c, int keep) {
        addChunk(c + 1);
        int moved = count[c] - keep;
        System.arraycopy(pool, base[c] + 2 * keep, pool, base[c + 1], 2 * moved);
        shifted += moved;
        count[c] = keep;
        count[c + 1] = moved;
        first[c + 1] = first[c] + keep;
        firstKey[c + 1] = pool[base[c + 1]];
    }

    /** Appends the entries of chunk {@code c + 1} to chunk {@code c} and drops the emptied chunk. */
    private void mergeNext(int c) {
        int moved = count[c + 1];
        System.arraycopy(pool, base[c + 1], pool, base[c] + 2 * count[c], 2 * moved);
        shifted += moved;
        count[c] += moved;
        dropChunks(c + 1, 1);
    }

    /** Inserts an empty chunk at index {@code c}, its first position that of the chunk it goes before. */
    private void addChunk(int c) {
        if (chunks == base.length) {
            int grown = 2 * chunks;
            base = Arrays.copyOf(base, grown);
            count = Arrays.copyOf(count, grown);
            first = Arrays.copyOf(first, grown);
            firstKey = Arrays.copyOf(firstKey, grown);
        }
        int b;
        if (spareCount > 0) {
            b = spare[--spareCount];
        } else {
            b = pool.length;
            pool = Arrays.copyOf(pool, 2 * pool.length); // the new room's chunks beyond b are spare
            for (int s = pool.length - 2 * chunkEntries; s > b; s -= 2 * chunkEntries) {
                pushSpare(s);
            }
        }
        int tail = chunks - c;
        System.arraycopy(base, c, base, c + 1, tail);
        System.arraycopy(count, c, count, c + 1, tail);
        System.arraycopy(first, c, first, c + 1, tail);
        System.arraycopy(firstKey, c, firstKey, c + 1, tail);
        base[c] = b;
        count[c] = 0;
        first[c] = c < chunks ? first[c + 1] : size; // right when the chunk after it had its position
        chunks++;
        if (stale > c) {
            stale++; // the known positions from c on moved up by one
        }
    }

    /** Removes chunks [c, c + n) from the order (their entries are gone or moved) and keeps their room. */
    private void dropChunks(int c, int n) {
        for (int k = c; k < c + n; k++) {
            pushSpare(base[k]);
        }
        int tail = chunks - c - n;
        System.arraycopy(base, c + n, base, c, tail);
        System.arraycopy(count, c + n, count, c, tail);
        System.arraycopy(first, c + n, first, c, tail);
        System.arraycopy(firstKey, c + n, firstKey, c, tail);
        chunks -= n;
        if (stale > c + n) {
            stale -= n; // the known positions after the dropped chunks moved down
        } else if (stale > c) {
            stale = Math.max(1, c);
        }
        first[0] = 0;
    }

    private void pushSpare(int b) {
        if (spareCount == spare.length) {
            spare = Arrays.copyOf(spare, 2 * spare.length);
        }
        spare[spareCount++] = b;
    }
}
