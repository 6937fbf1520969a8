package org.hcasim.core.sim;

import java.util.function.BooleanSupplier;

/**
 * The discrete-event loop of one simulation: a binary min-heap on primitive arrays ordered by
 * (time, sequence). Events at the same time run in the order they were scheduled.
 *
 * <p>Each scheduled action occupies a <em>slot</em>; the heap stores only (time, sequence, slot), so
 * scheduling and running events allocates nothing. A handle returned by {@link #at} encodes the slot
 * and its generation, so a stale handle (event already ran or was cancelled) is recognised and
 * {@link #cancel} returns false instead of cancelling an unrelated event that reuses the slot.
 *
 * <p>Not thread-safe by design: one simulation runs on one thread.
 */
public final class EventLoop {
    /** A handle that never refers to a pending event. */
    public static final long NO_EVENT = 0L;

    private static final int INITIAL_CAPACITY = 1024;

    // Heap, 0-based: the entry at index i has children 2i+1 and 2i+2.
    private long[] heapTime = new long[INITIAL_CAPACITY];
    private long[] heapSeq = new long[INITIAL_CAPACITY];
    private int[] heapSlot = new int[INITIAL_CAPACITY];
    private int size;

    // Slots: the action, where its entry sits in the heap (-1 when free), and a generation counter.
    private Runnable[] actions = new Runnable[INITIAL_CAPACITY];
    private int[] heapIndexOfSlot = new int[INITIAL_CAPACITY];
    private int[] generation = new int[INITIAL_CAPACITY];
    private int[] freeSlots = new int[INITIAL_CAPACITY];
    private int freeCount;
    private int slotsUsed;

    private long now;
    private long nextSeq;
    private long executed;
    private boolean stopRequested;

    /** Current simulated time in nanoseconds. */
    public long now() {
        return now;
    }

    /** Number of events waiting to run. */
    public int pending() {
        return size;
    }

    /** Number of events run so far. */
    public long executed() {
        return executed;
    }

    /** Time of the next pending event, or {@link Long#MAX_VALUE} when none is pending. */
    public long nextEventTime() {
        return size == 0 ? Long.MAX_VALUE : heapTime[0];
    }

    /**
     * Schedules {@code action} at absolute time {@code timeNs} (not before {@link #now()}).
     *
     * @return a handle for {@link #cancel(long)}
     */
    public long at(long timeNs, Runnable action) {
        if (timeNs < now) {
            throw new IllegalArgumentException("event scheduled at " + timeNs + " ns, before now (" + now + " ns)");
        }
        if (action == null) {
            throw new NullPointerException("action");
        }
        int slot = allocateSlot();
        actions[slot] = action;
        if (size == heapTime.length) {
            growHeap();
        }
        siftUp(size++, timeNs, nextSeq++, slot);
        return ((long) generation[slot] << 32) | slot;
    }

    /** Schedules {@code action} {@code delayNs} after now. */
    public long after(long delayNs, Runnable action) {
        if (delayNs < 0) {
            throw new IllegalArgumentException("negative delay " + delayNs + " ns");
        }
        return at(now + delayNs, action);
    }

    /** Cancels a pending event; false when it already ran, was cancelled, or the handle is {@link #NO_EVENT}. */
    public boolean cancel(long handle) {
        int slot = pendingSlot(handle);
        if (slot < 0) {
            return false;
        }
        removeAt(heapIndexOfSlot[slot]);
        releaseSlot(slot);
        return true;
    }

    /** True while the event of {@code handle} has neither run nor been cancelled. */
    public boolean isPending(long handle) {
        return pendingSlot(handle) >= 0;
    }

    /** Runs the earliest event; returns false when none was pending. */
    public boolean step() {
        if (size == 0) {
            return false;
        }
        int slot = heapSlot[0];
        now = heapTime[0];
        removeAt(0);
        Runnable action = actions[slot];
        releaseSlot(slot);
        executed++;
        action.run();
        return true;
    }

    /** Runs until no event is pending or {@link #stop()} is called; returns the number of events run. */
    public long run() {
        return runUntil(Long.MAX_VALUE);
    }

    /**
     * Runs every event with time {@code <= endNs}, then advances the clock to {@code endNs} (unless
     * stopped early). Returns the number of events run.
     */
    public long runUntil(long endNs) {
        long before = executed;
        stopRequested = false;
        while (size > 0 && heapTime[0] <= endNs && !stopRequested) {
            step();
        }
        if (!stopRequested && endNs != Long.MAX_VALUE && now < endNs) {
            now = endNs;
        }
        return executed - before;
    }

    /** Runs events until {@code condition} holds (checked before each event) or none is pending. */
    public long runUntil(BooleanSupplier condition) {
        long before = executed;
        stopRequested = false;
        while (size > 0 && !stopRequested && !condition.getAsBoolean()) {
            step();
        }
        return executed - before;
    }

    /** Runs at most {@code count} events. Returns the number run. */
    public long runEvents(long count) {
        long before = executed;
        stopRequested = false;
        while (size > 0 && executed - before < count && !stopRequested) {
            step();
        }
        return executed - before;
    }

    /** Makes the running {@code run*} method return after the current event. */
    public void stop() {
        stopRequested = true;
    }

    // ---- slots ----

    private int pendingSlot(long handle) {
        int slot = (int) handle;
        int gen = (int) (handle >>> 32);
        if (handle == NO_EVENT || slot < 0 || slot >= slotsUsed || generation[slot] != gen
                || heapIndexOfSlot[slot] < 0) {
            return -1;
        }
        return slot;
    }

    private int allocateSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slotsUsed == actions.length) {
            int n = actions.length * 2;
            actions = java.util.Arrays.copyOf(actions, n);
            heapIndexOfSlot = java.util.Arrays.copyOf(heapIndexOfSlot, n);
            generation = java.util.Arrays.copyOf(generation, n);
            freeSlots = java.util.Arrays.copyOf(freeSlots, n);
        }
        int slot = slotsUsed++;
        generation[slot] = 1;
        return slot;
    }

    private void releaseSlot(int slot) {
        actions[slot] = null;
        heapIndexOfSlot[slot] = -1;
        // Generation 0 is skipped so that a handle is never NO_EVENT.
        int g = generation[slot] + 1;
        generation[slot] = g == 0 ? 1 : g;
        freeSlots[freeCount++] = slot;
    }

    // ---- heap ----

    private void growHeap() {
        int n = heapTime.length * 2;
        heapTime = java.util.Arrays.copyOf(heapTime, n);
        heapSeq = java.util.Arrays.copyOf(heapSeq, n);
        heapSlot = java.util.Arrays.copyOf(heapSlot, n);
    }

    /** Removes the entry at heap index {@code i} (its slot is released by the caller). */
    private void removeAt(int i) {
        int last = --size;
        if (i == last) {
            return;
        }
        long t = heapTime[last];
        long s = heapSeq[last];
        int slot = heapSlot[last];
        if (i > 0 && less(t, s, heapTime[(i - 1) >>> 1], heapSeq[(i - 1) >>> 1])) {
            siftUp(i, t, s, slot);
        } else {
            siftDown(i, t, s, slot);
        }
    }

    private static boolean less(long t1, long s1, long t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    /** Places (t, s, slot) into the hole at {@code i}, moving parents down while they are later. */
    private void siftUp(int i, long t, long s, int slot) {
        long[] ht = heapTime;
        long[] hs = heapSeq;
        int[] hslot = heapSlot;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long pt = ht[parent];
            if (pt < t || (pt == t && hs[parent] < s)) {
                break;
            }
            ht[i] = pt;
            hs[i] = hs[parent];
            int ps = hslot[parent];
            hslot[i] = ps;
            heapIndexOfSlot[ps] = i;
            i = parent;
        }
        ht[i] = t;
        hs[i] = s;
        hslot[i] = slot;
        heapIndexOfSlot[slot] = i;
    }

    /** Places (t, s, slot) into the hole at {@code i}, moving earlier children up. */
    private void siftDown(int i, long t, long s, int slot) {
        long[] ht = heapTime;
        long[] hs = heapSeq;
        int[] hslot = heapSlot;
        int n = size;
        int half = n >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            long ct = ht[child];
            long cs = hs[child];
            int right = child + 1;
            if (right < n) {
                long rt = ht[right];
                if (rt < ct || (rt == ct && hs[right] < cs)) {
                    child = right;
                    ct = rt;
                    cs = hs[right];
                }
            }
            if (t < ct || (t == ct && s < cs)) {
                break;
            }
            ht[i] = ct;
            hs[i] = cs;
            int cslot = hslot[child];
            hslot[i] = cslot;
            heapIndexOfSlot[cslot] = i;
            i = child;
        }
        ht[i] = t;
        hs[i] = s;
        hslot[i] = slot;
        heapIndexOfSlot[slot] = i;
    }
}
