package org.hcasim.core.collect;

import java.util.Arrays;

/**
 * Sets of nodes ordered by a {@code long} key, each node carrying a {@code long} value, that answer "how many
 * nodes have a key at or below {@code t}, what do their values sum to, and which of them has the greatest key"
 * in logarithmic time. Treaps over one pool of nodes: a node is a caller's {@code int} id (0 to the capacity),
 * in at most one set at a time, and a set is named by its root ({@link #EMPTY} for none); insert and remove
 * return the new root. Ties of keys are ordered by id. Primitive arrays only, recursion no deeper than the
 * treaps (logarithmic in expectation): nothing is allocated per operation.
 */
public final class KeyedSumTree {
    public static final int EMPTY = -1;

    private long[] key = new long[0];
    private long[] value = new long[0];
    private int[] priority = new int[0];
    private int[] left = new int[0];
    private int[] right = new int[0];
    /** Per node, of its subtree: node count and value sum. */
    private int[] count = new int[0];
    private long[] sum = new long[0];
    /** xorshift32 state for the priorities (a fixed seed: the shape never changes a result anyway). */
    private int random = 0x2545F491;

    /** Results of the last {@link #prefix} query. */
    private int prefixCount;
    private long prefixSum;
    private int prefixLast;

    /** Makes ids {@code 0 .. capacity - 1} usable. */
    public void ensureCapacity(int capacity) {
        if (capacity <= key.length) {
            return;
        }
        int n = Math.max(capacity, 2 * key.length);
        key = Arrays.copyOf(key, n);
        value = Arrays.copyOf(value, n);
        priority = Arrays.copyOf(priority, n);
        left = Arrays.copyOf(left, n);
        right = Arrays.copyOf(right, n);
        count = Arrays.copyOf(count, n);
        sum = Arrays.copyOf(sum, n);
    }

    /** Adds node {@code id} (not in any set) with {@code k} and {@code v} to the set rooted at {@code root}. */
    public int insert(int root, int id, long k, long v) {
        key[id] = k;
        value[id] = v;
        random ^= random << 13;
        random ^= random >>> 17;
        random ^= random << 5;
        priority[id] = random;
        left[id] = EMPTY;
        right[id] = EMPTY;
        count[id] = 1;
        sum[id] = v;
        return insertNode(root, id);
    }

    private int insertNode(int r, int id) {
        if (r == EMPTY) {
            return id;
        }
        if (before(id, r)) {
            left[r] = insertNode(left[r], id);
            if (priority[left[r]] > priority[r]) {
                return rotateRight(r);
            }
        } else {
            right[r] = insertNode(right[r], id);
            if (priority[right[r]] > priority[r]) {
                return rotateLeft(r);
            }
        }
        pull(r);
        return r;
    }

    /** Removes node {@code id}, which must be in the set rooted at {@code root}. */
    public int remove(int root, int id) {
        if (root == EMPTY) {
            throw new IllegalArgumentException("node " + id + " is not in the set");
        }
        if (root == id) {
            return merge(left[id], right[id]);
        }
        if (before(id, root)) {
            left[root] = remove(left[root], id);
        } else {
            right[root] = remove(right[root], id);
        }
        pull(root);
        return root;
    }

    /**
     * Of the nodes of the set rooted at {@code root} with a key at or below {@code t}: their number
     * ({@link #prefixCount()}), the sum of their values ({@link #prefixSum()}) and the last of them in order
     * ({@link #prefixLast()}, {@link #EMPTY} if none).
     */
    public void prefix(int root, long t) {
        int n = 0;
        long s = 0;
        int last = EMPTY;
        for (int r = root; r != EMPTY; ) {
            if (key[r] <= t) { // r and its left subtree are at or below t
                int l = left[r];
                if (l != EMPTY) {
                    n += count[l];
                    s += sum[l];
                }
                n++;
                s += value[r];
                last = r;
                r = right[r];
            } else {
                r = left[r];
            }
        }
        prefixCount = n;
        prefixSum = s;
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

    /** The value node {@code id} was inserted with. */
    public long value(int id) {
        return value[id];
    }

    /** Nodes in the set rooted at {@code root}. */
    public int size(int root) {
        return root == EMPTY ? 0 : count[root];
    }

    /** Order by key, then id. */
    private boolean before(int a, int b) {
        return key[a] < key[b] || (key[a] == key[b] && a < b);
    }

    private int merge(int a, int b) {
        if (a == EMPTY) {
            return b;
        }
        if (b == EMPTY) {
            return a;
        }
        if (priority[a] > priority[b]) {
            right[a] = merge(right[a], b);
            pull(a);
            return a;
        }
        left[b] = merge(a, left[b]);
        pull(b);
        return b;
    }

    private int rotateRight(int r) {
        int l = left[r];
        left[r] = right[l];
        right[l] = r;
        pull(r);
        pull(l);
        return l;
    }

    private int rotateLeft(int r) {
        int l = right[r];
        right[r] = left[l];
        left[l] = r;
        pull(r);
        pull(l);
        return l;
    }

    private void pull(int r) {
        int n = 1;
        long s = value[r];
        int l = left[r];
        if (l != EMPTY) {
            n += count[l];
            s += sum[l];
        }
        int g = right[r];
        if (g != EMPTY) {
            n += count[g];
            s += sum[g];
        }
        count[r] = n;
        sum[r] = s;
    }
}
