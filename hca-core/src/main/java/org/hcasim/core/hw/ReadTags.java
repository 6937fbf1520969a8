package org.hcasim.core.hw;

import java.util.Arrays;

/**
 * The read tags of a PCIe requester: a read request needs a free tag and holds it until its completions are in.
 * Reads are booked when the engine knows of them, some for a later time (an SRQ WQE read issued once the WQE before
 * it has arrived, up to the SRQ stage's backlog ahead of the receive that asked for it), and a tag remembers only
 * when it is free again. So a request issued at {@code t} takes the tag that became free last at or before
 * {@code t} (best fit): a read booked for later then reuses the tag its predecessor in the chain gave back, and the
 * tags free since long ago stay for the reads issued now. Taking the tag free first (a min-heap, before issue 14)
 * gave each read booked for later a tag that was free now, held from now until that read was done: ~1100 such reads
 * held all 256 tags of the single-SRQ target, and every other read waited for their completions. When no tag is
 * free at {@code t}, the request takes the one free first.
 */
final class ReadTags {
    /** When each tag not taken is free again, ascending. */
    private final long[] freeAt;
    private int size;

    ReadTags(int tags) {
        if (tags < 1) {
            throw new IllegalArgumentException("PCIe read tags " + tags + " < 1");
        }
        this.freeAt = new long[tags];
        Arrays.fill(freeAt, Long.MIN_VALUE / 4); // free long ago (and no overflow in sums)
        this.size = tags;
    }

    int count() {
        return freeAt.length;
    }

    /**
     * Takes a tag for a request issued at {@code t} (at most {@link #count()} taken before they are
     * {@link #release}d): the one free last at or before {@code t}, else the one free first. Returns when the
     * request can leave.
     */
    long take(long t) {
        if (size == 0) {
            throw new IllegalStateException("all " + freeAt.length + " read tags are taken");
        }
        int i = lastFreeBy(t);
        int pick = i >= 0 ? i : 0;
        long free = freeAt[pick];
        System.arraycopy(freeAt, pick + 1, freeAt, pick, size - pick - 1);
        size--;
        return Math.max(t, free);
    }

    /** A tag taken is free again at {@code at}. */
    void release(long at) {
        int i = lastFreeBy(at) + 1;
        System.arraycopy(freeAt, i, freeAt, i + 1, size - i);
        freeAt[i] = at;
        size++;
    }

    /**
     * Index of the last tag free at or before {@code t}, -1 if none is. A tag given back after all the others (a
     * read's completions expected later than any before) is the common release: the last entry answers it without
     * the bisection.
     */
    private int lastFreeBy(long t) {
        if (size > 0 && freeAt[size - 1] <= t) {
            return size - 1;
        }
        int lo = 0;
        int hi = size - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (freeAt[mid] <= t) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
