package org.hcasim.core.sim;

import java.util.Map;
import java.util.TreeMap;

/**
 * The single-unit booking of {@link Timeline} in its first, plain form, on {@link TreeMap}s: the first gap after
 * the arrival (never before an earlier arrival's start), intervals merged when they touch, history older than
 * {@value #HISTORY_NS} ns behind the latest arrival forgotten. The reference {@link TimelineBookingProperties}
 * holds the array-based implementation to.
 */
final class ReferenceBooking {
    static final long HISTORY_NS = 10_000_000;

    private final TreeMap<Long, Long> booked = new TreeMap<>();
    private final TreeMap<Long, Long> orderFloor = new TreeMap<>();
    private long latestArrival = Long.MIN_VALUE;

    long firstGap(long arrivalNs, long serviceNs) {
        long start = arrivalNs;
        Map.Entry<Long, Long> around = booked.floorEntry(start);
        if (around != null && around.getValue() > start) {
            start = around.getValue();
        }
        for (Map.Entry<Long, Long> next = booked.ceilingEntry(start);
                next != null && next.getKey() < start + Math.max(1, serviceNs); next = booked.ceilingEntry(start)) {
            start = next.getValue();
        }
        return start;
    }

    /** Books the request and returns its start. */
    long book(long arrivalNs, long serviceNs) {
        Map.Entry<Long, Long> earlier = orderFloor.floorEntry(arrivalNs);
        long start = firstGap(earlier == null ? arrivalNs : Math.max(arrivalNs, earlier.getValue()), serviceNs);
        if (earlier == null || earlier.getValue() < start) {
            orderFloor.put(arrivalNs, start);
            for (Map.Entry<Long, Long> next = orderFloor.higherEntry(arrivalNs);
                    next != null && next.getValue() <= start; next = orderFloor.higherEntry(arrivalNs)) {
                orderFloor.remove(next.getKey());
            }
        }
        if (serviceNs > 0) {
            long s = start;
            long e = start + serviceNs;
            Map.Entry<Long, Long> prev = booked.floorEntry(s);
            if (prev != null && prev.getValue() == s) {
                s = prev.getKey();
            }
            Long nextEnd = booked.remove(e);
            if (nextEnd != null) {
                e = nextEnd;
            }
            booked.put(s, e);
        }
        latestArrival = Math.max(latestArrival, arrivalNs);
        long horizon = latestArrival - HISTORY_NS;
        while (!booked.isEmpty() && booked.firstEntry().getValue() < horizon) {
            booked.pollFirstEntry();
        }
        while (orderFloor.size() > 1 && orderFloor.firstKey() < horizon && orderFloor.higherKey(orderFloor.firstKey()) < horizon) {
            orderFloor.pollFirstEntry();
        }
        return start;
    }
}
