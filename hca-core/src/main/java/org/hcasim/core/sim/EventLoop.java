package org.hcasim.core.sim;

import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * The discrete-event loop of one simulation: a binary min-heap on one primitive array, ordered by
 * (time, sequence). Events at the same time run in the order they were scheduled.
 *
 * <p>Layout: heap entry i occupies {@code heap[2i]} (time) and {@code heap[2i+1]} (key = sequence number in
 * the 39 bits below the sign bit, action slot in the low 24 bits). Because the sequence number is unique and
 * sits in the high bits, comparing keys compares sequence numbers, so (time, key) is the total order. Keeping
 * both longs of an entry side by side means one cache line per heap level. Scheduling and running events
 * allocates nothing.
 *
 * <p>Cancellation is lazy: {@link #cancel} empties the slot's action and bumps its generation; the heap
 * entry is skipped and its slot recycled when it reaches the top. A handle encodes slot and generation, so
 * a stale handle (event already ran or was cancelled) is recognised and never cancels another event.
 *
 * <p>Limits: 2^24 (16.7 M) pending events, 2^39 (5.5 * 10^11) events scheduled per loop.
 * Not thread-safe by design: one simulation runs on one thread.
 */
public final class EventLoop {
    /** A handle that never refers to a pending event. */
    public static final long NO_EVENT = 0L;

    private static final int SLOT_BITS = 24;
    private static final int SLOT_MASK = (1 << SLOT_BITS) - 1;
    private static final long MAX_SEQ = 1L << (63 - SLOT_BITS);
    private static final int INITIAL_CAPACITY = 1024;

    private long[] heap = new long[2 * INITIAL_CAPACITY];
    private int size;

    // Slots: the action (null when free or cancelled) and a generation counter for handles.
    private Runnable[] actions = new Runnable[INITIAL_CAPACITY];
    private int[] generation = new int[INITIAL_CAPACITY];
    private int[] freeSlots = new int[INITIAL_CAPACITY];
    private int freeCount;
    private int slotsUsed;
    private int cancelledInHeap;

    private long now;
    private long nextSeq;
    private long executed;
    private boolean stopRequested;

    /** Current simulated time in nanoseconds. */
    public long now() {
        return now;
    }

    /** Number of events waiting to run (cancelled ones excluded). */
    public int pending() {
        return size - cancelledInHeap;
    }

    /** Number of events run so far. */
    public long executed() {
        return executed;
    }

    /** Time of the next pending event, or {@link Long#MAX_VALUE} when none is pending. */
    public long nextEventTime() {
        return dropCancelledTop() ? heap[0] : Long.MAX_VALUE;
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
        if (nextSeq == MAX_SEQ) {
            throw new IllegalStateException("event loop ran out of sequence numbers (2^39 events scheduled)");
        }
        int slot = allocateSlot();
        actions[slot] = action;
        if (2 * size == heap.length) {
            heap = Arrays.copyOf(heap, heap.length * 2);
        }
        siftUp(size++, timeNs, (nextSeq++ << SLOT_BITS) | slot);
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
        actions[slot] = null;
        bumpGeneration(slot);
        cancelledInHeap++;
        return true;
    }

    /** True while the event of {@code handle} has neither run nor been cancelled. */
    public boolean isPending(long handle) {
        return pendingSlot(handle) >= 0;
    }

    /** Runs the earliest event; returns false when none was pending. */
    public boolean step() {
        if (size == 0 || (cancelledInHeap > 0 && !dropCancelledTop())) {
            return false;
        }
        long[] h = heap;
        long time = h[0];
        int slot = (int) h[1] & SLOT_MASK;
        Runnable action = actions[slot];
        removeTop();
        actions[slot] = null;
        bumpGeneration(slot);
        freeSlots[freeCount++] = slot;
        now = time;
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
        while (!stopRequested && dropCancelledTop() && heap[0] <= endNs) {
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
        while (!stopRequested && !condition.getAsBoolean() && step()) {
            // step() did the work
        }
        return executed - before;
    }

    /** Runs at most {@code count} events. Returns the number run. */
    public long runEvents(long count) {
        long before = executed;
        stopRequested = false;
        while (executed - before < count && !stopRequested && step()) {
            // step() did the work
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
        if (handle == NO_EVENT || slot < 0 || slot >= slotsUsed || generation[slot] != gen || actions[slot] == null) {
            return -1;
        }
        return slot;
    }

    private int allocateSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slotsUsed == actions.length) {
            if (slotsUsed > SLOT_MASK) {
                throw new IllegalStateException("more than " + SLOT_MASK + " pending events");
            }
            int n = actions.length * 2;
            actions = Arrays.copyOf(actions, n);
            generation = Arrays.copyOf(generation, n);
            freeSlots = Arrays.copyOf(freeSlots, n);
        }
        int slot = slotsUsed++;
        generation[slot] = 1;
        return slot;
    }

    private void bumpGeneration(int slot) {
        // Generation 0 is skipped so that a handle is never NO_EVENT.
        int g = generation[slot] + 1;
        generation[slot] = g == 0 ? 1 : g;
    }

    /** Pops cancelled entries off the top; returns whether a live entry remains. */
    private boolean dropCancelledTop() {
        while (size > 0) {
            int slot = (int) heap[1] & SLOT_MASK;
            if (actions[slot] != null) {
                return true;
            }
            removeTop();
            cancelledInHeap--;
            freeSlots[freeCount++] = slot;
        }
        return false;
    }

    // ---- heap ----

    private void removeTop() {
        int last = --size;
        if (last > 0) {
            siftDown(heap[2 * last], heap[2 * last + 1], last);
        }
    }

    /** Places (t, key) into the hole at {@code i}, moving later parents down. */
    private void siftUp(int i, long t, long key) {
        long[] h = heap;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long pt = h[2 * parent];
            if (pt < t || (pt == t && h[2 * parent + 1] < key)) {
                break;
            }
            h[2 * i] = pt;
            h[2 * i + 1] = h[2 * parent + 1];
            i = parent;
        }
        h[2 * i] = t;
        h[2 * i + 1] = key;
    }

    /** Places (t, key) into the hole at the root of a heap of {@code n} entries, moving earlier children up. */
    private void siftDown(long t, long key, int n) {
        long[] h = heap;
        int i = 0;
        int half = n >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            long ct = h[2 * child];
            long ck = h[2 * child + 1];
            int right = child + 1;
            if (right < n) {
                long rt = h[2 * right];
                long rk = h[2 * right + 1];
                if (rt < ct || (rt == ct && rk < ck)) {
                    child = right;
                    ct = rt;
                    ck = rk;
                }
            }
            if (t < ct || (t == ct && key < ck)) {
                break;
            }
            h[2 * i] = ct;
            h[2 * i + 1] = ck;
            i = child;
        }
        h[2 * i] = t;
        h[2 * i + 1] = key;
    }
}
