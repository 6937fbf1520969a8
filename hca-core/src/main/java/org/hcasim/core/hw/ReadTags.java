package org.hcasim.core.hw;

import java.util.Arrays;

/**
 * The read tags of a PCIe requester: a read request needs a free tag and holds it until its completions are in.
 * The device takes whichever tags are free first (a min-heap of the times they are free again), not the next in a
 * fixed rotation: a read issued for a later time (an SRQ WQE read that waits for the one before it) holds its tag
 * from then, and a rotation would make a read issued now wait for that tag while others are free.
 */
final class ReadTags {
    /** When each free-to-take tag is free again, a binary min-heap of {@code size} entries. */
    private final long[] freeAt;
    private int size;
    /** The free times of the tags {@link #take} took last, earliest first. */
    private final long[] taken;

    ReadTags(int tags) {
        this.freeAt = new long[tags];
        this.taken = new long[tags];
        Arrays.fill(freeAt, Long.MIN_VALUE / 4); // free long ago (and no overflow in sums)
        this.size = tags;
    }

    int count() {
        return freeAt.length;
    }

    /**
     * Takes the {@code requests} tags free first ({@code requests} at most {@link #count()}, and every tag taken
     * before {@link #release}d); {@link #freeTime} tells when the j-th of them is free.
     */
    void take(int requests) {
        for (int j = 0; j < requests; j++) {
            taken[j] = freeAt[0];
            freeAt[0] = freeAt[--size];
            siftDown(0);
        }
    }

    /** When the j-th tag {@link #take} took (in the order they become free) is free. */
    long freeTime(int j) {
        return taken[j];
    }

    /** One of the tags taken is free again at {@code at}. */
    void release(long at) {
        freeAt[size] = at;
        siftUp(size++);
    }

    private void siftDown(int i) {
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                return;
            }
            int c = l + 1 < size && freeAt[l + 1] < freeAt[l] ? l + 1 : l;
            if (freeAt[c] >= freeAt[i]) {
                return;
            }
            swap(i, c);
            i = c;
        }
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (freeAt[parent] <= freeAt[i]) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void swap(int a, int b) {
        long x = freeAt[a];
        freeAt[a] = freeAt[b];
        freeAt[b] = x;
    }
}
