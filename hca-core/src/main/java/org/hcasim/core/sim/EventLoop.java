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
 * <p>An event is either a {@link Runnable} or a (target, operation, argument) triple for an
 * {@link EventTarget}: components on the per-I/O path schedule their stages with the latter, so that no lambda
 * is created per event. Both kinds share one sequence, so ties run in scheduling order across them.
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

    /** The target of a {@link Runnable} event: the runnable travels as the argument. */
    private static final EventTarget RUNNABLE = (op, arg) -> ((Runnable) arg).run();

    // Slots: the target (null when free or cancelled), its operation and argument, and a generation for handles.
    private EventTarget[] targets = new EventTarget[INITIAL_CAPACITY];
    private int[] ops = new int[INITIAL_CAPACITY];
    private Object[] args = new Object[INITIAL_CAPACITY];
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
        if (action == null) {
            throw new NullPointerException("action");
        }
        return at(timeNs, RUNNABLE, 0, action);
    }

    /**
     * Schedules operation {@code op} of {@code target} at absolute time {@code timeNs} (not before {@link #now()}),
     * without argument.
     *
     * @return a handle for {@link #cancel(long)}
     */
    public long at(long timeNs, EventTarget target, int op) {
        return at(timeNs, target, op, null);
    }

    /**
     * Schedules operation {@code op} of {@code target} with {@code arg} at absolute time {@code timeNs} (not before
     * {@link #now()}): {@code target.onEvent(op, arg)} then runs, allocating nothing.
     *
     * @return a handle for {@link #cancel(long)}
     */
    public long at(long timeNs, EventTarget target, int op, Object arg) {
        if (timeNs < now) {
            throw new IllegalArgumentException("event scheduled at " + timeNs + " ns, before now (" + now + " ns)");
        }
        if (target == null) {
            throw new NullPointerException("target");
        }
        if (nextSeq == MAX_SEQ) {
            throw new IllegalStateException("event loop ran out of sequence numbers (2^39 events scheduled)");
        }
        int slot = allocateSlot();
        targets[slot] = target;
        ops[slot] = op;
        args[slot] = arg;
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

    /** Schedules operation {@code op} of {@code target} with {@code arg} {@code delayNs} after now. */
    public long after(long delayNs, EventTarget target, int op, Object arg) {
        if (delayNs < 0) {
            throw new IllegalArgumentException("negative delay " + delayNs + " ns");
        }
        return at(now + delayNs, target, op, arg);
    }

    /** Cancels a pending event; false when it already ran, was cancelled, or the handle is {@link #NO_EVENT}. */
    public boolean cancel(long handle) {
        int slot = pendingSlot(handle);
        if (slot < 0) {
            return false;
        }
        targets[slot] = null;
        args[slot] = null;
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
        EventTarget target = targets[slot];
        int op = ops[slot];
        Object arg = args[slot];
        removeTop();
        targets[slot] = null;
        args[slot] = null;
        bumpGeneration(slot);
        freeSlots[freeCount++] = slot;
        now = time;
        executed++;
        if (target == RUNNABLE) {
            ((Runnable) arg).run(); // a call site of its own: the runnables stay apart from the targets
        } else {
            target.onEvent(op, arg);
        }
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
        if (handle == NO_EVENT || slot < 0 || slot >= slotsUsed || generation[slot] != gen || targets[slot] == null) {
            return -1;
        }
        return slot;
    }

    private int allocateSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slotsUsed == targets.length) {
            if (slotsUsed > SLOT_MASK) {
                throw new IllegalStateException("more than " + SLOT_MASK + " pending events");
            }
            int n = targets.length * 2;
            targets = Arrays.copyOf(targets, n);
            ops = Arrays.copyOf(ops, n);
            args = Arrays.copyOf(args, n);
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
            if (targets[slot] != null) {
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
