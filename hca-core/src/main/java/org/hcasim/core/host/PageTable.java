package org.hcasim.core.host;

import java.util.Arrays;

/**
 * The resident pages of a {@link SparseHostMemory} by page number: open addressing with linear probing on a
 * {@code long[]} and a multiplicative hash. Page numbers of aligned buffers share their low bits, which made
 * the bins of a {@code HashMap<Long, byte[]>} collide (into tree bins) and boxed every lookup.
 *
 * <p>A page stores only the window of its bytes that writes reached, {@code [low, low + bytes.length)}; the rest
 * reads as zeros. A 64-byte capsule written into a receive buffer then keeps 64 bytes instead of a whole page
 * (srq-per-vector's target posts tens of thousands of such buffers, each on a page of its own). A window is kept
 * in {@link #LINE}-byte lines and becomes the whole page once it would exceed a quarter of it, so a page filled
 * piecewise is copied a bounded number of times. Removed whole pages are kept (a few) and handed out again,
 * zeroed, for new ones: buffers allocated and freed per I/O would otherwise allocate a page each time.
 */
final class PageTable {
    private static final long EMPTY = Long.MIN_VALUE; // page numbers are never negative
    private static final int SPARES = 256;
    private static final byte[] NO_BYTES = new byte[0];
    /** Granule of a partial window: a cache line, the size of the smallest control structures written (CQEs, capsules). */
    static final int LINE = 64;
    private final int pageSize;
    private long[] keys = emptyKeys(64);
    private byte[][] pages = new byte[64][];
    /** Offset in its page of the first byte each entry of {@link #pages} holds. */
    private int[] lows = new int[64];
    private int size;
    private long residentBytes;
    private final byte[][] spares = new byte[SPARES][];
    private int spareCount;

    PageTable(int pageSize) {
        if (pageSize < LINE || Integer.bitCount(pageSize) != 1) {
            throw new IllegalArgumentException("page size must be a power of two of at least " + LINE + ", got " + pageSize);
        }
        this.pageSize = pageSize;
    }

    /** Pages that hold bytes. */
    int size() {
        return size;
    }

    /** Bytes the pages' windows hold together. */
    long residentBytes() {
        return residentBytes;
    }

    /** Copies {@code n} bytes at offset {@code from} of page {@code page} into {@code dst[at..]}; unwritten bytes are 0. */
    void read(long page, int from, byte[] dst, int at, int n) {
        int i = find(page);
        if (i < 0) {
            Arrays.fill(dst, at, at + n, (byte) 0);
            return;
        }
        byte[] bytes = pages[i];
        int low = lows[i];
        int lo = Math.max(from, low);
        int hi = Math.min(from + n, low + bytes.length);
        if (lo >= hi) {
            Arrays.fill(dst, at, at + n, (byte) 0);
            return;
        }
        Arrays.fill(dst, at, at + lo - from, (byte) 0);
        System.arraycopy(bytes, lo - low, dst, at + lo - from, hi - lo);
        Arrays.fill(dst, at + hi - from, at + n, (byte) 0);
    }

    /** Copies {@code n} bytes of {@code src[at..]} to offset {@code from} of page {@code page}, widening its window. */
    void write(long page, int from, byte[] src, int at, int n) {
        int i = cover(page, from, from + n);
        System.arraycopy(src, at, pages[i], from - lows[i], n);
    }

    void remove(long page) {
        int mask = keys.length - 1;
        int i = slot(page, mask);
        while (keys[i] != page) {
            if (keys[i] == EMPTY) {
                return;
            }
            i = (i + 1) & mask;
        }
        byte[] removed = pages[i];
        // Backward-shift deletion: pull later entries of the probe run into the hole so lookups never stop early.
        for (int j = (i + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            boolean homeInHoleToJ = i <= j ? (home > i && home <= j) : (home > i || home <= j);
            if (!homeInHoleToJ) {
                keys[i] = keys[j];
                pages[i] = pages[j];
                lows[i] = lows[j];
                i = j;
            }
        }
        keep(removed);
        residentBytes -= removed.length;
        keys[i] = EMPTY;
        pages[i] = null;
        lows[i] = 0;
        size--;
    }

    /** The entry of the page, or -1. */
    private int find(long page) {
        int mask = keys.length - 1;
        for (int i = slot(page, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == page) {
                return i;
            }
            if (k == EMPTY) {
                return -1;
            }
        }
    }

    /** The entry of the page with a window that covers {@code [from, to)}, created or widened (zero-filled). */
    private int cover(long page, int from, int to) {
        int mask = keys.length - 1;
        int i = slot(page, mask);
        for (; keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == page) {
                byte[] bytes = pages[i];
                int low = lows[i];
                if (from >= low && to <= low + bytes.length) {
                    return i;
                }
                widen(i, Math.min(from, low), Math.max(to, low + bytes.length));
                return i;
            }
        }
        keys[i] = page;
        pages[i] = NO_BYTES;
        lows[i] = from;
        widen(i, from, to);
        if (++size * 2 > keys.length) {
            grow();
            return find(page);
        }
        return i;
    }

    /** Replaces entry i's window by one covering {@code [from, to)} in whole lines, or the whole page if that is big. */
    private void widen(int i, int from, int to) {
        int low = from & -LINE;
        int high = (to + LINE - 1) & -LINE;
        if (high - low > pageSize / 4) {
            low = 0;
            high = pageSize;
        }
        byte[] old = pages[i];
        byte[] bytes = high - low == pageSize ? freshPage() : new byte[high - low];
        System.arraycopy(old, 0, bytes, lows[i] - low, old.length);
        residentBytes += bytes.length - old.length;
        pages[i] = bytes;
        lows[i] = low;
    }

    private byte[] freshPage() {
        if (spareCount > 0) {
            byte[] p = spares[--spareCount];
            spares[spareCount] = null;
            Arrays.fill(p, (byte) 0);
            return p;
        }
        return new byte[pageSize];
    }

    /** Keeps a removed whole page for reuse; partial windows are small and left to the collector. */
    private void keep(byte[] page) {
        if (page.length == pageSize && spareCount < SPARES) {
            spares[spareCount++] = page;
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        byte[][] oldPages = pages;
        int[] oldLows = lows;
        keys = emptyKeys(oldKeys.length * 2);
        pages = new byte[oldKeys.length * 2][];
        lows = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int o = 0; o < oldKeys.length; o++) {
            if (oldKeys[o] != EMPTY) {
                int i = slot(oldKeys[o], mask);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[o];
                pages[i] = oldPages[o];
                lows[i] = oldLows[o];
            }
        }
    }

    private static int slot(long page, int mask) {
        long h = page * 0x9E3779B97F4A7C15L; // Fibonacci hashing: spreads strided page numbers over all slots
        return (int) (h >>> 32) & mask;
    }

    private static long[] emptyKeys(int n) {
        long[] k = new long[n];
        Arrays.fill(k, EMPTY);
        return k;
    }
}
