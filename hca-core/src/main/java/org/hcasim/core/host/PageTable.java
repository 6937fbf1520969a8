package org.hcasim.core.host;

import java.util.Arrays;

/**
 * The resident pages of a {@link SparseHostMemory} by page number: open addressing with linear probing on a
 * {@code long[]} and a multiplicative hash. Page numbers of aligned buffers share their low bits, which made
 * the bins of a {@code HashMap<Long, byte[]>} collide (into tree bins) and boxed every lookup. Removed pages
 * are kept (a few) and handed out again, zeroed, for new ones: buffers allocated and freed per I/O would
 * otherwise allocate a page each time.
 */
final class PageTable {
    private static final long EMPTY = Long.MIN_VALUE; // page numbers are never negative
    private static final int SPARES = 256;
    private long[] keys = emptyKeys(64);
    private byte[][] pages = new byte[64][];
    private int size;
    private final byte[][] spares = new byte[SPARES][];
    private int spareCount;

    int size() {
        return size;
    }

    /** The page, or null if it holds no bytes. */
    byte[] get(long page) {
        int mask = keys.length - 1;
        for (int i = slot(page, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == page) {
                return pages[i];
            }
            if (k == EMPTY) {
                return null;
            }
        }
    }

    /** The page, created zero-filled with {@code pageSize} bytes if absent. */
    byte[] getOrCreate(long page, int pageSize) {
        int mask = keys.length - 1;
        int i = slot(page, mask);
        for (; keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == page) {
                return pages[i];
            }
        }
        byte[] created = freshPage(pageSize);
        keys[i] = page;
        pages[i] = created;
        if (++size * 2 > keys.length) {
            grow();
        }
        return created;
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
                i = j;
            }
        }
        keep(removed);
        keys[i] = EMPTY;
        pages[i] = null;
        size--;
    }

    private byte[] freshPage(int pageSize) {
        if (spareCount > 0 && spares[spareCount - 1].length == pageSize) {
            byte[] p = spares[--spareCount];
            spares[spareCount] = null;
            Arrays.fill(p, (byte) 0);
            return p;
        }
        return new byte[pageSize];
    }

    private void keep(byte[] page) {
        if (spareCount < SPARES) {
            spares[spareCount++] = page;
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        byte[][] oldPages = pages;
        keys = emptyKeys(oldKeys.length * 2);
        pages = new byte[oldKeys.length * 2][];
        int mask = keys.length - 1;
        for (int o = 0; o < oldKeys.length; o++) {
            if (oldKeys[o] != EMPTY) {
                int i = slot(oldKeys[o], mask);
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[o];
                pages[i] = oldPages[o];
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
