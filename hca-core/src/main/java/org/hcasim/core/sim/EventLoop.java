package org.hcasim.core.sim;

import java.util.Arrays;
import java.util.function.BooleanSupplier;

/**
 * The discrete-event loop of one simulation, ordered by (time, sequence): events at the same time run in the
 * order they were scheduled.
 *
 * <p>Layout: a timing wheel for the near future and a binary heap for the rest. The wheel has one bucket per
 * nanosecond of the next {@value #WHEEL_NS} ns; bucket {@code t & (WHEEL_NS - 1)} is the FIFO (a list linked
 * through the event slots) of the events at exactly time {@code t}, so appending keeps scheduling order and
 * no comparison is made. A bit per bucket, and a bit per 64 buckets above that, find the next occupied bucket
 * with a few {@code numberOfTrailingZeros}. Events beyond the wheel wait in the heap (one {@code long[]},
 * entry i = time at {@code heap[2i]}, sequence|slot at {@code heap[2i+1]}) and move into their bucket, in
 * (time, sequence) order, as soon as the clock comes within {@value #WHEEL_NS} ns of them. Whatever is
 * scheduled directly into a bucket is scheduled after everything that moves into it, so each bucket stays in
 * scheduling order and the wheel runs exactly the order a (time, sequence) heap would. A binary heap costs
 * about ten unpredictable comparisons per event at a thousand pending; the wheel costs none, which is why it
 * replaced the heap for the near future (docs/performance.md). Scheduling and running events allocates
 * nothing.
 *
 * <p>An event is either a {@link Runnable} or a (target, operation, argument) triple for an
 * {@link EventTarget}: components on the per-I/O path schedule their stages with the latter, so that no lambda
 * is created per event. Both kinds share one sequence, so ties run in scheduling order across them.
 *
 * <p>Cancellation is lazy: {@link #cancel} empties the slot's action and bumps its generation; the entry is
 * skipped and its slot recycled when it reaches the front (or moves from the heap to the wheel). A handle
 * encodes slot and generation, so a stale handle (event already ran or was cancelled) is recognised and never
 * cancels another event.
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

    /** Nanoseconds (= buckets) the wheel covers ahead of the clock: a power of two, at least 4096. */
    private static final int WHEEL_NS = 1 << 14;
    private static final int WHEEL_MASK = WHEEL_NS - 1;

    /** The target of a {@link Runnable} event: the runnable travels as the argument. */
    private static final EventTarget RUNNABLE = (op, arg) -> ((Runnable) arg).run();

    // Wheel: bucket b's first slot at buckets[2b], its last at buckets[2b+1] (valid while its bit is set).
    private final int[] buckets = new int[2 * WHEEL_NS];
    private final long[] occupied = new long[WHEEL_NS / 64];
    private final long[] occupiedWords = new long[WHEEL_NS / 64 / 64];
    private int onWheel;

    // Heap of the events beyond the wheel.
    private long[] heap = new long[2 * 64];
    private int size;

    // Slots, each packed so that scheduling and running an event touch two cache lines, not five: refs[2s] the
    // target (null when free or cancelled), refs[2s+1] its argument; ints[4s + OP] its operation, ints[4s + NEXT]
    // the next slot of its bucket, ints[4s + GEN] a generation for handles (the fourth int pads to 16 bytes).
    private static final int OP = 0;
    private static final int NEXT = 1;
    private static final int GEN = 2;
    private Object[] refs = new Object[2 * INITIAL_CAPACITY];
    private int[] ints = new int[4 * INITIAL_CAPACITY];
    private int[] freeSlots = new int[INITIAL_CAPACITY];
    private int freeCount;
    private int slotsUsed;
    private int cancelledPending;

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
        return onWheel + size - cancelledPending;
    }

    /** Number of events run so far. */
    public long executed() {
        return executed;
    }

    /** Time of the next pending event, or {@link Long#MAX_VALUE} when none is pending. */
    public long nextEventTime() {
        return frontTime();
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
        refs[2 * slot] = target;
        refs[2 * slot + 1] = arg;
        ints[4 * slot + OP] = op;
        long seq = nextSeq++;
        if (timeNs - now < WHEEL_NS) {
            append(slot, (int) timeNs & WHEEL_MASK);
        } else {
            pushHeap(timeNs, (seq << SLOT_BITS) | slot);
        }
        return ((long) ints[4 * slot + GEN] << 32) | slot;
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
        refs[2 * slot] = null;
        refs[2 * slot + 1] = null;
        bumpGeneration(slot);
        cancelledPending++;
        return true;
    }

    /** True while the event of {@code handle} has neither run nor been cancelled. */
    public boolean isPending(long handle) {
        return pendingSlot(handle) >= 0;
    }

    /** Runs the earliest event; returns false when none was pending. */
    public boolean step() {
        return runFront(Long.MAX_VALUE);
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
        while (!stopRequested && runFront(endNs)) {
            // runFront did the work
        }
        if (!stopRequested && endNs != Long.MAX_VALUE && now < endNs) {
            now = endNs;
            migrate();
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

    // ---- running ----

    /** Runs the earliest live event if its time is {@code <= endNs}; false when there is none such. */
    private boolean runFront(long endNs) {
        int slot;
        long time;
        while (true) {
            if (onWheel > 0) {
                int b = firstOccupiedBucket();
                slot = buckets[2 * b];
                time = now + ((b - (int) now) & WHEEL_MASK);
                if (refs[2 * slot] == null) {
                    unlinkHead(b, slot);
                    releaseCancelled(slot);
                    continue;
                }
                if (time > endNs) {
                    return false;
                }
                unlinkHead(b, slot);
            } else if (size > 0) {
                slot = (int) heap[1] & SLOT_MASK;
                time = heap[0];
                if (refs[2 * slot] == null) {
                    removeHeapTop();
                    releaseCancelled(slot);
                    continue;
                }
                if (time > endNs) {
                    return false;
                }
                removeHeapTop();
            } else {
                return false;
            }
            break;
        }
        EventTarget target = (EventTarget) refs[2 * slot];
        int op = ints[4 * slot + OP];
        Object arg = refs[2 * slot + 1];
        refs[2 * slot] = null;
        refs[2 * slot + 1] = null;
        bumpGeneration(slot);
        freeSlots[freeCount++] = slot;
        now = time;
        if (size > 0 && heap[0] - time < WHEEL_NS) {
            migrate();
        }
        executed++;
        if (target == RUNNABLE) {
            ((Runnable) arg).run(); // a call site of its own: the runnables stay apart from the targets
        } else {
            target.onEvent(op, arg);
        }
        return true;
    }

    /** Time of the earliest live event (dropping cancelled ones in front of it), or Long.MAX_VALUE. */
    private long frontTime() {
        while (onWheel > 0) {
            int b = firstOccupiedBucket();
            int slot = buckets[2 * b];
            if (refs[2 * slot] != null) {
                return now + ((b - (int) now) & WHEEL_MASK);
            }
            unlinkHead(b, slot);
            releaseCancelled(slot);
        }
        while (size > 0) {
            int slot = (int) heap[1] & SLOT_MASK;
            if (refs[2 * slot] != null) {
                return heap[0];
            }
            removeHeapTop();
            releaseCancelled(slot);
        }
        return Long.MAX_VALUE;
    }

    /** Moves the heap's events that the clock has come within the wheel's span of into their buckets. */
    private void migrate() {
        while (size > 0 && heap[0] - now < WHEEL_NS) {
            long time = heap[0];
            int slot = (int) heap[1] & SLOT_MASK;
            removeHeapTop();
            if (refs[2 * slot] == null) {
                releaseCancelled(slot);
            } else {
                append(slot, (int) time & WHEEL_MASK);
            }
        }
    }

    // ---- wheel ----

    private void append(int slot, int b) {
        int w = b >>> 6;
        long bit = 1L << b;
        long word = occupied[w];
        if ((word & bit) == 0) {
            if (word == 0) {
                occupiedWords[w >>> 6] |= 1L << w;
            }
            occupied[w] = word | bit;
            buckets[2 * b] = slot;
        } else {
            ints[4 * buckets[2 * b + 1] + NEXT] = slot;
        }
        buckets[2 * b + 1] = slot;
        onWheel++;
    }

    /** Removes {@code slot}, the first of bucket {@code b}. */
    private void unlinkHead(int b, int slot) {
        onWheel--;
        if (buckets[2 * b + 1] == slot) {
            int w = b >>> 6;
            long word = occupied[w] & ~(1L << b);
            occupied[w] = word;
            if (word == 0) {
                occupiedWords[w >>> 6] &= ~(1L << w);
            }
        } else {
            buckets[2 * b] = ints[4 * slot + NEXT];
        }
    }

    /** The occupied bucket that comes first from the clock's bucket on, cyclically (the wheel must not be empty). */
    private int firstOccupiedBucket() {
        int start = (int) now & WHEEL_MASK;
        int w = start >>> 6;
        long bits = occupied[w] & (-1L << start);
        if (bits != 0) {
            return (w << 6) | Long.numberOfTrailingZeros(bits);
        }
        int word = firstOccupiedWord(w + 1);
        return (word << 6) | Long.numberOfTrailingZeros(occupied[word]);
    }

    /**
     * The first word with an occupied bucket from word {@code from} on, cyclically; ends at the clock's own word
     * (whose buckets before the clock are the wheel's latest) when no other is occupied.
     */
    private int firstOccupiedWord(int from) {
        int f = from & (occupied.length - 1);
        int s = f >>> 6;
        long bits = occupiedWords[s] & (-1L << f);
        for (int i = 0; i <= occupiedWords.length; i++) {
            if (bits != 0) {
                return (s << 6) | Long.numberOfTrailingZeros(bits);
            }
            s = (s + 1) & (occupiedWords.length - 1);
            bits = occupiedWords[s];
        }
        throw new IllegalStateException("event wheel counted " + onWheel + " events but has no occupied bucket");
    }

    // ---- slots ----

    private int pendingSlot(long handle) {
        int slot = (int) handle;
        int gen = (int) (handle >>> 32);
        if (handle == NO_EVENT || slot < 0 || slot >= slotsUsed || ints[4 * slot + GEN] != gen || refs[2 * slot] == null) {
            return -1;
        }
        return slot;
    }

    private int allocateSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slotsUsed == freeSlots.length) {
            if (slotsUsed > SLOT_MASK) {
                throw new IllegalStateException("more than " + SLOT_MASK + " pending events");
            }
            int n = freeSlots.length * 2;
            refs = Arrays.copyOf(refs, 2 * n);
            ints = Arrays.copyOf(ints, 4 * n);
            freeSlots = Arrays.copyOf(freeSlots, n);
        }
        int slot = slotsUsed++;
        ints[4 * slot + GEN] = 1;
        return slot;
    }

    private void bumpGeneration(int slot) {
        // Generation 0 is skipped so that a handle is never NO_EVENT.
        int g = ints[4 * slot + GEN] + 1;
        ints[4 * slot + GEN] = g == 0 ? 1 : g;
    }

    /** Frees the slot of a cancelled event that left the wheel or the heap. */
    private void releaseCancelled(int slot) {
        cancelledPending--;
        freeSlots[freeCount++] = slot;
    }

    // ---- heap ----

    private void pushHeap(long t, long key) {
        if (2 * size == heap.length) {
            heap = Arrays.copyOf(heap, heap.length * 2);
        }
        siftUp(size++, t, key);
    }

    private void removeHeapTop() {
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
