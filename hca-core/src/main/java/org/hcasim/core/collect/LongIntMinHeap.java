package org.hcasim.core.collect;

import java.util.Arrays;

/**
 * A binary min-heap of {@code (long key, int value)} pairs in two arrays: no boxing and no allocation per
 * operation (the arrays double when full). Pairs with equal keys come out in no particular order.
 */
public final class LongIntMinHeap {
    private long[] keys = new long[16];
    private int[] values = new int[16];
    private int size;

    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public void clear() {
        size = 0;
    }

    public void push(long key, int value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, 2 * size);
            values = Arrays.copyOf(values, 2 * size);
        }
        int i = size++;
        while (i > 0) { // sift up: move parents with larger keys down into the hole
            int parent = (i - 1) >>> 1;
            if (keys[parent] <= key) {
                break;
            }
            keys[i] = keys[parent];
            values[i] = values[parent];
            i = parent;
        }
        keys[i] = key;
        values[i] = value;
    }

    /** The smallest key; the heap must not be empty. */
    public long minKey() {
        if (size == 0) {
            throw new IllegalStateException("empty heap");
        }
        return keys[0];
    }

    /** Removes the pair with the smallest key and returns its value; the heap must not be empty. */
    public int popValue() {
        if (size == 0) {
            throw new IllegalStateException("empty heap");
        }
        int top = values[0];
        size--;
        long key = keys[size];
        int value = values[size];
        int i = 0;
        int half = size >>> 1;
        while (i < half) { // sift down: move the smaller child up into the hole
            int child = 2 * i + 1;
            if (child + 1 < size && keys[child + 1] < keys[child]) {
                child++;
            }
            if (key <= keys[child]) {
                break;
            }
            keys[i] = keys[child];
            values[i] = values[child];
            i = child;
        }
        keys[i] = key;
        values[i] = value;
        return top;
    }
}
