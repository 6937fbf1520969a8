package org.hcasim.core.collect;

import java.util.Arrays;

/**
 * Sets of entries ordered by a {@code long} key (ties by id), each entry a caller's {@code int} id carrying a
 * {@code long} value, that answer "how many entries have a key at or below {@code t}, what do their values sum to,
 * and which of them comes last" ({@link #prefix}). An id is in at most one set at a time; sets are numbered
 * {@code 0 .. sets - 1}.
 *
 * <p>Each set is a sorted list of fixed-size chunks with a count and a value sum per chunk, suited to keys that
 * mostly arrive in increasing order and leave oldest first (a PCIe direction's transfers in progress): an append
 * goes to the last chunk, a removal moves the shorter side of its chunk by one (none for the oldest: the chunk's
 * start in its block moves instead, and the block is compacted when an insert or merge needs its end), and a prefix
 * query bisects the chunks' last keys, then adds the chunk sums on the shorter side (the total less the rest when that is shorter) and part of one
 * chunk. Integer sums are exact whichever way they are added, so the answers are those of any other order.
 * Primitive arrays only: nothing is allocated per operation (only when a set grows).
 */
public final class KeyedSumLists {
    public static final int EMPTY = -1;
    /** Entries per chunk: appends and oldest-first removals move at most this many; the chunk walk is ~n / this. */
    static final int DEFAULT_CHUNK_ENTRIES = 32;

    private final int chunkEntries;
    private final Chunks[] sets;
    /** Per id, the key and value it was inserted with. */
    private long[] keyOf = new long[0];
    private long[] valueOf = new long[0];

    /** Results of the last {@link #prefix} query. */
    private int prefixCount;
    private long prefixSum;
    private int prefixLast;

    public KeyedSumLists(int sets) {
        this(sets, DEFAULT_CHUNK_ENTRIES);
    }

    /** With chunks of {@code chunkEntries} entries (tests use small ones to exercise many chunks). */
    KeyedSumLists(int sets, int chunkEntries) {
        if (chunkEntries < 4) {
            throw new IllegalArgumentException("a chunk needs at least 4 entries, got " + chunkEntries);
        }
        this.chunkEntries = chunkEntries;
        this.sets = new Chunks[sets]; // each made on its first insert: most sets of most users stay unused
    }

    /** Makes ids {@code 0 .. capacity - 1} usable. */
    public void ensureCapacity(int capacity) {
        if (capacity <= keyOf.length) {
            return;
        }
        int n = Math.max(capacity, 2 * keyOf.length);
        keyOf = Arrays.copyOf(keyOf, n);
        valueOf = Arrays.copyOf(valueOf, n);
    }

    /** Adds {@code id} (in no set) with key {@code k} and value {@code v} to set {@code set}. */
    public void insert(int set, int id, long k, long v) {
        keyOf[id] = k;
        valueOf[id] = v;
        Chunks s = sets[set];
        if (s == null) {
            s = new Chunks(chunkEntries);
            sets[set] = s;
        }
        s.insert(id, k, v);
    }

    /** Removes {@code id}, which must be in set {@code set}. */
    public void remove(int set, int id) {
        Chunks s = sets[set];
        if (s == null || !s.remove(id, keyOf[id], valueOf[id])) {
            throw new IllegalArgumentException("id " + id + " is not in set " + set);
        }
    }

    /** Empties set {@code set} (its ids may be inserted anew). */
    public void clear(int set) {
        if (sets[set] != null) {
            sets[set].clear();
        }
    }

    /**
     * Of the entries of set {@code set} with a key at or below {@code t}: their number ({@link #prefixCount()}), the
     * sum of their values ({@link #prefixSum()}) and the last of them in order ({@link #prefixLast()}, {@link #EMPTY}
     * if none).
     */
    public void prefix(int set, long t) {
        Chunks s = sets[set];
        int chunks = s == null ? 0 : s.chunks;
        if (chunks == 0) {
            prefixCount = 0;
            prefixSum = 0;
            prefixLast = EMPTY;
            return;
        }
        long[] lastKey = s.lastKey;
        int c;
        if (lastKey[chunks - 1] <= t) {
            c = chunks; // all of them (the common case for keys at or before the present)
        } else {
            int lo = 0; // the first chunk whose last key is above t: in [lo, hi]
            int hi = chunks - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (lastKey[mid] > t) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            c = lo;
        }
        int n;
        long sum;
        if (2 * c <= chunks) { // the chunks before c, walked from the front or taken from the total
            n = 0;
            sum = 0;
            for (int k = 0; k < c; k++) {
                n += s.count[k];
                sum += s.sum[k];
            }
        } else {
            n = s.size;
            sum = s.total;
            for (int k = c; k < chunks; k++) {
                n -= s.count[k];
                sum -= s.sum[k];
            }
        }
        int last;
        if (c == chunks) {
            last = s.ids[s.base[chunks - 1] + s.count[chunks - 1] - 1];
        } else {
            int b = s.base[c];
            int k = s.count[c];
            long[] keys = s.keys;
            int lo = 0; // entries [0, lo) of chunk c are at or below t; its last one is above
            int hi = k - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (keys[b + mid] > t) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            long[] values = s.values;
            if (2 * lo <= k) {
                for (int j = 0; j < lo; j++) {
                    sum += values[b + j];
                }
            } else {
                sum += s.sum[c];
                for (int j = lo; j < k; j++) {
                    sum -= values[b + j];
                }
            }
            n += lo;
            if (lo > 0) {
                last = s.ids[b + lo - 1];
            } else if (c > 0) {
                last = s.ids[s.base[c - 1] + s.count[c - 1] - 1];
            } else {
                last = EMPTY;
            }
        }
        prefixCount = n;
        prefixSum = sum;
        prefixLast = last;
    }

    public int prefixCount() {
        return prefixCount;
    }

    public long prefixSum() {
        return prefixSum;
    }

    public int prefixLast() {
        return prefixLast;
    }

    /** The value {@code id} was inserted with. */
    public long value(int id) {
        return valueOf[id];
    }

    /** Entries in set {@code set}. */
    public int size(int set) {
        return sets[set] == null ? 0 : sets[set].size;
    }

    /** Entries moved by removals so far, over all sets (tests check that oldest-first removal moves none). */
    long removalMoves() {
        long n = 0;
        for (Chunks s : sets) {
            n += s == null ? 0 : s.removalMoves;
        }
        return n;
    }

    /** Chunks in use by set {@code set} (tests check that they stay few). */
    int chunkCount(int set) {
        return sets[set] == null ? 0 : sets[set].chunks;
    }

    int chunkEntries() {
        return chunkEntries;
    }

    /** One set: chunks of entries in (key, id) order, their storage in pools of {@code chunkEntries}-slot blocks. */
    private static final class Chunks {
        private final int chunkEntries;
        /** Entry storage: the chunk at pool offset b holds its j-th entry at index b + j of each. */
        long[] keys;
        long[] values;
        int[] ids;
        /** Pool offsets of blocks not in use. */
        private int[] spare = new int[4];
        private int spareCount;
        /**
         * The chunks in order, by index c < chunks: pool offset of the first entry, entries (never 0), value sum, last
         * key. Blocks start at multiples of {@code chunkEntries}; a chunk's entries may start after its block's start
         * (removals from the front advance it) but end within the block.
         */
        int[] base = new int[4];
        int[] count = new int[4];
        long[] sum = new long[4];
        long[] lastKey = new long[4];
        int chunks;
        int size;
        long total;
        /** Entries moved by removals (for tests). */
        long removalMoves;

        Chunks(int chunkEntries) {
            this.chunkEntries = chunkEntries;
            keys = new long[chunkEntries];
            values = new long[chunkEntries];
            ids = new int[chunkEntries];
            spare[spareCount++] = 0;
        }

        void clear() {
            for (int c = 0; c < chunks; c++) {
                pushSpare(blockOf(base[c]));
            }
            chunks = 0;
            size = 0;
            total = 0;
        }

        void insert(int id, long k, long v) {
            int c;
            int at;
            if (chunks == 0) {
                addChunk(0);
                c = 0;
                at = 0;
            } else {
                c = chunks - 1;
                if (lastBefore(c, k, id)) {
                    at = count[c]; // an append, the common case
                } else {
                    c = chunkAtOrAfter(k, id);
                    at = positionIn(c, k, id);
                }
            }
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
            if (base[c] + count[c] == blockOf(base[c]) + chunkEntries) {
                compact(c); // the entry needs a slot at the end
            }
            int b = base[c] + at;
            int after = count[c] - at;
            moveEntries(b, b + 1, after);
            keys[b] = k;
            values[b] = v;
            ids[b] = id;
            count[c]++;
            sum[c] += v;
            lastKey[c] = keys[base[c] + count[c] - 1];
            size++;
            total += v;
        }

        /** Removes (k, id) if present; false if not. */
        boolean remove(int id, long k, long v) {
            if (chunks == 0) {
                return false;
            }
            // the oldest leave first: the front of the first chunk, before any search
            int c = 0;
            int b = base[0];
            int at = 0;
            if (ids[b] != id || keys[b] != k) {
                if (lastBefore(0, k, id)) {
                    c = chunkAtOrAfter(k, id);
                    if (c == chunks) {
                        return false;
                    }
                }
                at = positionIn(c, k, id);
                b = base[c] + at;
            }
            if (at == count[c] || ids[b] != id || keys[b] != k) {
                return false;
            }
            int after = count[c] - at - 1;
            if (at < after) { // the entries before it move up by one and the chunk starts one later (none for the oldest)
                int first = base[c];
                moveEntries(first, first + 1, at);
                base[c] = first + 1;
                removalMoves += at;
            } else { // the entries after it move down by one
                moveEntries(b + 1, b, after);
                removalMoves += after;
            }
            count[c]--;
            sum[c] -= v;
            size--;
            total -= v;
            if (count[c] == 0) {
                dropChunk(c);
                return true;
            }
            lastKey[c] = keys[base[c] + count[c] - 1];
            // keep neighbours from both staying small, so there are at most about 4n / chunkEntries chunks
            int small = chunkEntries / 2;
            if (c + 1 < chunks && count[c] + count[c + 1] <= small) {
                mergeNext(c);
            } else if (c > 0 && count[c - 1] + count[c] <= small) {
                mergeNext(c - 1);
            }
            return true;
        }

        /** (k1, id1) goes before (k2, id2). */
        private static boolean before(long k1, int id1, long k2, int id2) {
            return k1 < k2 || (k1 == k2 && id1 < id2);
        }

        /** The last entry of chunk {@code c} goes before (k, id); its id is read from the pool only on a tie. */
        private boolean lastBefore(int c, long k, int id) {
            long last = lastKey[c];
            return last < k || (last == k && ids[base[c] + count[c] - 1] < id);
        }

        /** The first chunk whose last entry is at or after (k, id); {@code chunks} if none. */
        private int chunkAtOrAfter(long k, int id) {
            int lo = 0;
            int hi = chunks;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (lastBefore(mid, k, id)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /** Position in chunk {@code c} of the first entry at or after (k, id). */
        private int positionIn(int c, long k, int id) {
            int b = base[c];
            int lo = 0;
            int hi = count[c];
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (before(keys[b + mid], ids[b + mid], k, id)) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        /** Moves the entries of chunk {@code c} from {@code keep} on into a new chunk after it. */
        private void split(int c, int keep) {
            addChunk(c + 1);
            int from = base[c] + keep;
            int to = base[c + 1];
            int moved = count[c] - keep;
            moveEntries(from, to, moved);
            long s = 0;
            for (int j = 0; j < moved; j++) {
                s += values[to + j];
            }
            count[c] = keep;
            count[c + 1] = moved;
            sum[c] -= s;
            sum[c + 1] = s;
            lastKey[c] = keys[from - 1];
            lastKey[c + 1] = keys[to + moved - 1];
        }

        /** Appends the entries of chunk {@code c + 1} to chunk {@code c} and drops the emptied chunk. */
        private void mergeNext(int c) {
            compact(c); // both fit in one block, from its start
            int from = base[c + 1];
            int to = base[c] + count[c];
            int moved = count[c + 1];
            moveEntries(from, to, moved);
            count[c] += moved;
            sum[c] += sum[c + 1];
            lastKey[c] = lastKey[c + 1];
            dropChunk(c + 1);
        }

        /** Inserts an empty chunk at index {@code c}. */
        private void addChunk(int c) {
            if (chunks == base.length) {
                int grown = 2 * chunks;
                base = Arrays.copyOf(base, grown);
                count = Arrays.copyOf(count, grown);
                sum = Arrays.copyOf(sum, grown);
                lastKey = Arrays.copyOf(lastKey, grown);
            }
            if (spareCount == 0) {
                int b = keys.length;
                keys = Arrays.copyOf(keys, 2 * b);
                values = Arrays.copyOf(values, 2 * b);
                ids = Arrays.copyOf(ids, 2 * b);
                for (int s = 2 * b - chunkEntries; s >= b; s -= chunkEntries) {
                    pushSpare(s);
                }
            }
            int tail = chunks - c;
            System.arraycopy(base, c, base, c + 1, tail);
            System.arraycopy(count, c, count, c + 1, tail);
            System.arraycopy(sum, c, sum, c + 1, tail);
            System.arraycopy(lastKey, c, lastKey, c + 1, tail);
            base[c] = spare[--spareCount];
            count[c] = 0;
            sum[c] = 0;
            chunks++;
        }

        /** Moves {@code n} entries (key, value and id together) from pool offset {@code from} to {@code to}. */
        private void moveEntries(int from, int to, int n) {
            System.arraycopy(keys, from, keys, to, n);
            System.arraycopy(values, from, values, to, n);
            System.arraycopy(ids, from, ids, to, n);
        }

        /** Moves the entries of chunk {@code c} to the start of its block. */
        private void compact(int c) {
            int from = base[c];
            int to = blockOf(from);
            if (from != to) {
                moveEntries(from, to, count[c]);
                base[c] = to;
            }
        }

        /** The start of the block holding pool offset {@code b} (a chunk's first entry: never past its block's end). */
        private int blockOf(int b) {
            return b - b % chunkEntries;
        }

        /** Removes chunk {@code c} (its entries are gone or moved) from the order and keeps its block. */
        private void dropChunk(int c) {
            pushSpare(blockOf(base[c]));
            int tail = chunks - c - 1;
            System.arraycopy(base, c + 1, base, c, tail);
            System.arraycopy(count, c + 1, count, c, tail);
            System.arraycopy(sum, c + 1, sum, c, tail);
            System.arraycopy(lastKey, c + 1, lastKey, c, tail);
            chunks--;
        }

        private void pushSpare(int b) {
            if (spareCount == spare.length) {
                spare = Arrays.copyOf(spare, 2 * spare.length);
            }
            spare[spareCount++] = b;
        }
    }
}
