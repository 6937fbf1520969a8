package org.hcasim.core.hw;

import java.util.Arrays;
import org.hcasim.core.collect.KeyedSumLists;
import org.hcasim.core.collect.LongIntMinHeap;
import org.hcasim.core.sim.Timeline;

/**
 * The transfers of one {@link PcieDirection} that may still be in progress, and how long the TLPs of theirs
 * queued ahead of a new transfer take: the sum, over the transfers with {@code issued <= t < bookedEnd}, of
 * {@code min(left, tlps) x tlpNs} ({@code left = min(tlpCount, ceil((bookedEnd - t) / tlpNs))}), rounded to the ns.
 *
 * <p>That sum was a floating-point scan over an unordered array, and its rounding is the model's output, so it
 * must stay bit-identical. A short array is still scanned (the scan is the cheapest then). A long one (a saturated
 * direction with a long booked backlog) is also indexed, so that the sum needs no scan:
 * <ul>
 *   <li>Transfers are grouped by TLP count; per group, two {@link KeyedSumLists} sets keyed by issue time and by the
 *       end of the time where the transfer still has all its TLPs left ({@code fullEnd}, derived once with the
 *       scan's own division), carry each transfer's ns per TLP in fixed point (2^-28 ns). The transfers "full" at
 *       {@code t} are those issued by {@code t} less those whose {@code fullEnd} is by {@code t}: two prefix sums,
 *       each times {@code min(tlpCount, tlps)}.</li>
 *   <li>The bookings on the wire are disjoint, and a transfer is only partly sent within its own booking, so at
 *       most one transfer is partly sent at {@code t}: the last one whose {@code fullEnd} is by {@code t}; its
 *       term is computed as the scan does.</li>
 *   <li>With power-of-two TLP counts every term and every partial sum of the scan is exact in a double (a
 *       multiple of 2^-28 below 2^24 ns), so the fixed-point sum is the scan's result. Otherwise the fixed-point
 *       sum is within a bound of the scan's (rounding of each ns per TLP to fixed point, and of each product and
 *       addition in the scan); when that leaves the rounding to the ns in doubt (a result near a half), the
 *       array is scanned in the scan's order.</li>
 *   <li>Forgotten transfers ({@code bookedEnd <= forgotten}) leave through a min-heap of booking ends, and the
 *       array is rearranged as the unindexed array's own swap-removals would have done, so the order of a
 *       fallback scan's additions is the scan's.</li>
 * </ul>
 * Transfers the index cannot hold (a zero-length booking or one whose ns per TLP is the floor
 * {@link #MIN_TLP_NS}; booked more than {@link #MAX_AHEAD_NS} ahead; a 33rd TLP count) are left out of the trees
 * and make every sum a scan while they last. A transfer issued more than {@link #FAR_AHEAD_NS} ahead makes the
 * wire's timeline forget history that could let bookings overlap, and turns the index off for good.
 */
final class TransfersInProgress {
    static final double MIN_TLP_NS = 1e-3;
    /** Index once this many transfers are remembered, and drop the index when no more than {@link #UNINDEX_AT} are left. */
    static final int INDEX_AT = 48;
    static final int UNINDEX_AT = 16;
    private static final int MAX_GROUPS = 32;
    /** Bookings ending within this of the present keep the fixed-point sums (2^28 per ns) far from overflowing. */
    static final long MAX_AHEAD_NS = 1L << 30;
    /**
     * An arrival further ahead of the present lets the wire's timeline forget bookings ({@link Timeline#HISTORY_NS}
     * before its latest arrival) that end after the present's slack, so that a later booking may overlap a
     * transfer still remembered here.
     */
    static final long FAR_AHEAD_NS = Timeline.HISTORY_NS - 2 * Timeline.PAST_SLACK_NS;
    private static final int FRACTION_BITS = 28;
    private static final long ONE = 1L << FRACTION_BITS;
    private static final long HALF = ONE >> 1;
    /** Below this (2^24 ns in fixed point) sums of multiples of 2^-28 are exact in a double. */
    private static final long EXACT_LIMIT = 1L << 52;

    private final int indexAt;
    private final int unindexAt;

    /** Remembered transfers, in the order the scan visits them. */
    private long[] issued = new long[16];
    private long[] bookedEnd = new long[16];
    private long[] tlpCounts = new long[16];
    private double[] tlpNs = new double[16];
    private long[] ownNs = new long[16];
    /** The index's id of the transfer at each position. */
    private int[] idAt = new int[16];
    private int size;

    private boolean indexed;
    private boolean neverIndex;
    private int[] positionOf = new int[16];
    private int[] groupOf = new int[16];
    private int[] freeIds = new int[16];
    private int freeCount;
    private int nextId;
    private int[] expiredPositions = new int[16];
    private final LongIntMinHeap byEnd = new LongIntMinHeap();
    /** Per group (a set of each), the indexed transfers by issue time and by the end of their full-TLP time. */
    private final KeyedSumLists byIssue = new KeyedSumLists(MAX_GROUPS);
    private final KeyedSumLists byFullEnd = new KeyedSumLists(MAX_GROUPS);
    private final long[] groupTlps = new long[MAX_GROUPS]; // 0: free slot
    private final int[] groupSize = new int[MAX_GROUPS];
    private int groupSlots;
    /** Indexed transfers left out of the trees. */
    private int unindexable;
    /**
     * No remembered transfer's booking ends before this: the least end the last pass over the array saw, lowered by
     * every transfer added since. While {@code forgotten} is below it, forgetting has nothing to drop.
     */
    private long earliestEnd = Long.MAX_VALUE;
    private long fallbackScans;

    TransfersInProgress() {
        this(INDEX_AT, UNINDEX_AT);
    }

    /** With other thresholds (tests index from the first transfer). */
    TransfersInProgress(int indexAt, int unindexAt) {
        this.indexAt = indexAt;
        this.unindexAt = unindexAt;
    }

    /**
     * Forgets the transfers that ended by {@code forgotten}, then returns, rounded to the ns, how long the TLPs of
     * the transfers in progress at {@code t} that go before a transfer of {@code tlps} TLPs take.
     */
    long aheadNs(long t, long tlps, long forgotten) {
        if (!indexed) {
            return Math.round(scan(t, tlps, forgotten));
        }
        forget(forgotten);
        if (!indexed || unindexable > 0) {
            return Math.round(scan(t, tlps, Long.MIN_VALUE));
        }
        return indexedAheadNs(t, tlps);
    }

    /**
     * Only forgets the transfers that ended by {@code forgotten}, for a transfer whose sum is not asked: before
     * every {@link #add}, as {@link #aheadNs} does, since the array's order, which a fallback scan sums in, is that
     * of these removals (the scan's, with or without its sum).
     */
    void forget(long forgotten) {
        if (indexed) {
            expire(forgotten);
            if (size <= unindexAt) {
                dropIndex();
            }
        } else if (forgotten >= earliestEnd) {
            scan(Long.MIN_VALUE, 1, forgotten); // nothing is in progress before all time: the drops alone
        }
    }

    /** Remembers a transfer of {@code tlps} TLPs issued at {@code t}, booked on the wire for {@code own} ns until {@code booked}. */
    void add(long t, long booked, long tlps, long own, long now) {
        if (size == issued.length) {
            int n = 2 * size;
            issued = Arrays.copyOf(issued, n);
            bookedEnd = Arrays.copyOf(bookedEnd, n);
            tlpCounts = Arrays.copyOf(tlpCounts, n);
            tlpNs = Arrays.copyOf(tlpNs, n);
            ownNs = Arrays.copyOf(ownNs, n);
            idAt = Arrays.copyOf(idAt, n);
        }
        int p = size++;
        issued[p] = t;
        bookedEnd[p] = booked;
        tlpCounts[p] = tlps;
        tlpNs[p] = Math.max((double) own / tlps, MIN_TLP_NS);
        ownNs[p] = own;
        earliestEnd = Math.min(earliestEnd, booked);
        if (t - now > FAR_AHEAD_NS) {
            neverIndex = true;
            dropIndex();
        } else if (indexed) {
            index(p, now);
        } else if (size >= indexAt && !neverIndex) {
            buildIndex(now);
        }
    }

    int size() {
        return size;
    }

    /** Booking end of the transfer at position {@code p} of the array, in the order a scan sums in (tests). */
    long bookedEndAt(int p) {
        return bookedEnd[p];
    }

    boolean indexed() {
        return indexed;
    }

    /** Sums the index could not decide and scanned instead. */
    long fallbackScans() {
        return fallbackScans;
    }

    /**
     * The sum as it has always been computed, in the array's order; drops, as it goes, the transfers that ended by
     * {@code forgotten} by moving the last one into their place, and notes the earliest end of those it keeps.
     */
    private double scan(long t, long tlps, long forgotten) {
        double ahead = 0;
        long earliest = Long.MAX_VALUE;
        for (int i = 0; i < size; i++) {
            if (bookedEnd[i] <= forgotten) { // no arrival can meet it: drop it
                size--;
                moveTo(size, i--);
                continue;
            }
            earliest = Math.min(earliest, bookedEnd[i]);
            if (issued[i] <= t && bookedEnd[i] > t) { // in progress: one of its TLPs before each of ours
                if (tlps == 1 || tlpCounts[i] == 1) {
                    // at least one TLP is left (the quotient below is positive), so the product is the ns per TLP
                    ahead += tlpNs[i];
                } else {
                    long left = Math.min(tlpCounts[i], (long) Math.ceil((bookedEnd[i] - t) / tlpNs[i]));
                    ahead += Math.min(left, tlps) * tlpNs[i];
                }
            }
        }
        earliestEnd = earliest;
        return ahead;
    }

    private void moveTo(int from, int to) {
        issued[to] = issued[from];
        bookedEnd[to] = bookedEnd[from];
        tlpCounts[to] = tlpCounts[from];
        tlpNs[to] = tlpNs[from];
        ownNs[to] = ownNs[from];
        idAt[to] = idAt[from];
        if (indexed) {
            positionOf[idAt[to]] = to;
        }
    }

    private long indexedAheadNs(long t, long tlps) {
        long sumFx = 0;
        long terms = 0;
        long inexactWeight = 0; // sum of the multipliers of terms whose ns per TLP is rounded in fixed point
        for (int g = 0; g < groupSlots; g++) {
            if (groupSize[g] == 0) {
                continue;
            }
            long c = groupTlps[g];
            long m = Math.min(c, tlps);
            byIssue.prefix(g, t);
            byFullEnd.prefix(g, t);
            long full = byIssue.prefixCount() - byFullEnd.prefixCount();
            sumFx += m * (byIssue.prefixSum() - byFullEnd.prefixSum());
            long weight = m * full;
            terms += full;
            int last = byFullEnd.prefixLast();
            if (last != KeyedSumLists.EMPTY) {
                int p = positionOf[last];
                if (bookedEnd[p] > t) { // partly sent at t
                    long left = Math.min(c, (long) Math.ceil((bookedEnd[p] - t) / tlpNs[p]));
                    long mp = Math.min(left, tlps);
                    sumFx += mp * byFullEnd.value(last);
                    weight += mp;
                    terms++;
                }
            }
            if (!exactInFixedPoint(c)) {
                inexactWeight += weight;
            }
        }
        long rounded = (sumFx + HALF) >> FRACTION_BITS;
        if (inexactWeight == 0 && sumFx < EXACT_LIMIT) {
            return rounded;
        }
        // in fixed-point units: each rounded ns per TLP is off by at most 1/2, times its multiplier; the scan's
        // products and additions by at most (terms + 1) x 2^-53 of the sum (here with a factor of 2 to spare)
        double bound = 0.5 * inexactWeight + (terms + 2) * (sumFx * 0x1p-52) + 1;
        long y = (sumFx + HALF) & (ONE - 1);
        if (Math.min(y, ONE - y) > bound) {
            return rounded;
        }
        fallbackScans++;
        return Math.round(scan(t, tlps, Long.MIN_VALUE));
    }

    /** {@code own / c} is a multiple of 2^-28 when {@code c} is a power of two up to 2^28. */
    private static boolean exactInFixedPoint(long c) {
        return (c & (c - 1)) == 0 && c <= ONE;
    }

    private void buildIndex(long now) {
        indexed = true;
        nextId = 0;
        freeCount = 0;
        for (int p = 0; p < size; p++) {
            index(p, now);
        }
    }

    private void dropIndex() {
        if (!indexed) {
            return;
        }
        indexed = false;
        byEnd.clear();
        Arrays.fill(groupTlps, 0);
        Arrays.fill(groupSize, 0);
        groupSlots = 0;
        unindexable = 0;
    }

    private void index(int p, long now) {
        int id = freeCount > 0 ? freeIds[--freeCount] : newId();
        idAt[p] = id;
        positionOf[id] = p;
        byEnd.push(bookedEnd[p], id);
        long c = tlpCounts[p];
        long own = ownNs[p];
        double x = tlpNs[p];
        int g = -1;
        long fullEnd = 0;
        if (own >= 1 && x == (double) own / c && bookedEnd[p] - now <= MAX_AHEAD_NS) {
            long d = allTlpsLeftFrom(c, x);
            fullEnd = bookedEnd[p] - d + 1;
            if (fullEnd >= bookedEnd[p] - own) { // partly sent only within its own booking
                g = group(c);
            }
        }
        groupOf[id] = g;
        if (g < 0) {
            unindexable++;
            return;
        }
        long fx = Math.round(x * 0x1p28);
        groupSize[g]++;
        byIssue.insert(g, id, issued[p], fx);
        byFullEnd.insert(g, id, fullEnd, fx);
    }

    /**
     * The least {@code d >= 1} ns before the booking's end from which the scan counts all {@code c} TLPs left:
     * {@code ceil(d / x) >= c}, i.e. {@code d / x > c - 1}, computed with the scan's division (monotone in d).
     */
    private static long allTlpsLeftFrom(long c, double x) {
        long d = (long) ((c - 1) * x) + 1;
        while (d > 1 && (d - 1) / x > c - 1) {
            d--;
        }
        while (!(d / x > c - 1)) {
            d++;
        }
        return d;
    }

    /** The group slot of TLP count {@code c}, taken if new; -1 when all slots are in use. */
    private int group(long c) {
        int free = -1;
        for (int g = 0; g < groupSlots; g++) {
            if (groupTlps[g] == c && groupSize[g] > 0) {
                return g;
            }
            if (groupSize[g] == 0 && free < 0) {
                free = g;
            }
        }
        if (free < 0) {
            if (groupSlots == MAX_GROUPS) {
                return -1;
            }
            free = groupSlots++;
        }
        groupTlps[free] = c;
        byIssue.clear(free); // left over from an index since dropped
        byFullEnd.clear(free);
        return free;
    }

    private int newId() {
        int id = nextId++;
        if (id == positionOf.length) {
            positionOf = Arrays.copyOf(positionOf, 2 * id);
            groupOf = Arrays.copyOf(groupOf, 2 * id);
            freeIds = Arrays.copyOf(freeIds, 2 * id);
        }
        byIssue.ensureCapacity(id + 1);
        byFullEnd.ensureCapacity(id + 1);
        return id;
    }

    /** Drops the indexed transfers that ended by {@code forgotten}, leaving the array as the scan would have. */
    private void expire(long forgotten) {
        int n = 0;
        while (!byEnd.isEmpty() && byEnd.minKey() <= forgotten) {
            int id = byEnd.popValue();
            if (n == expiredPositions.length) {
                expiredPositions = Arrays.copyOf(expiredPositions, 2 * n);
            }
            expiredPositions[n++] = positionOf[id];
            unindex(id);
        }
        if (n == 0) {
            return;
        }
        if (n > 1) {
            sortAscending(expiredPositions, n);
        }
        // The scan visits positions upwards and moves the last transfer into each dropped one's place, then looks
        // at that position again: replayed on the dropped positions alone.
        int lo = 0;
        int hi = n - 1;
        while (lo <= hi) {
            int p = expiredPositions[lo];
            int last = --size;
            if (p == last) {
                lo++;
            } else {
                moveTo(last, p);
                if (expiredPositions[hi] == last) {
                    hi--; // a dropped one moved into p: p is visited again
                } else {
                    lo++;
                }
            }
        }
    }

    /**
     * Sorts the first {@code n} of {@code a}: by insertion when they are few, as they usually are (a handful of
     * transfers expire at a time), where {@code Arrays.sort}'s dispatch took 1.5 % of an srq-per-vector point.
     */
    private static void sortAscending(int[] a, int n) {
        if (n > 32) {
            Arrays.sort(a, 0, n);
            return;
        }
        for (int i = 1; i < n; i++) {
            int x = a[i];
            int j = i - 1;
            while (j >= 0 && a[j] > x) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = x;
        }
    }

    private void unindex(int id) {
        freeIds[freeCount++] = id;
        int g = groupOf[id];
        if (g < 0) {
            unindexable--;
            return;
        }
        byIssue.remove(g, id);
        byFullEnd.remove(g, id);
        groupSize[g]--;
    }
}
