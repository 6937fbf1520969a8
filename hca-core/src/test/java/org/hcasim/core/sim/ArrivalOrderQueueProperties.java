package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link ArrivalOrderQueue} is a first-come first-served single server whatever order the requests are booked in:
 * booked in arrival order it is Lindley's recursion; booked out of order, no request waits for work that arrived
 * after it, and all the work booked is done no sooner than a FIFO server doing it in arrival order would finish.
 */
class ArrivalOrderQueueProperties {

    /** A request: how far after the previous booking's present it arrives (negative: before it), its service. */
    record Request(int offset, int service) {
    }

    @Provide
    Arbitrary<List<Request>> requests() {
        Arbitrary<Integer> offset = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(50, Arbitraries.integers().between(0, 400)),
                net.jqwik.api.Tuple.of(30, Arbitraries.integers().between(-3_000, -1)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(2_000_000, 3_000_000)));
        Arbitrary<Integer> service = Arbitraries.integers().between(0, 600);
        return Combinators.combine(offset, service).as(Request::new).list().ofMinSize(1).ofMaxSize(400);
    }

    /** Lindley's recursion over {@code (arrival, service)} pairs sorted by arrival (ties in the given order). */
    private static long fifoFinish(List<long[]> booked) {
        List<long[]> sorted = new ArrayList<>(booked);
        sorted.sort(Comparator.comparingLong(r -> r[0]));
        long finish = Long.MIN_VALUE;
        for (long[] r : sorted) {
            finish = Math.max(r[0], finish) + r[1];
        }
        return finish;
    }

    @Property(tries = 300)
    void booked_in_arrival_order_it_is_lindleys_recursion(@ForAll("requests") List<Request> requests) {
        ArrivalOrderQueue q = new ArrivalOrderQueue();
        long t = 1_000_000;
        long finish = Long.MIN_VALUE;
        for (Request r : requests) {
            t += Math.abs(r.offset());
            long start = q.book(t, r.service());
            assertThat(start).isEqualTo(Math.max(t, finish));
            finish = start + r.service();
        }
        assertThat(q.lastFinish()).isEqualTo(finish);
    }

    @Property(tries = 300)
    void out_of_order_a_request_waits_only_for_what_arrived_before_it_and_no_work_is_lost(
            @ForAll("requests") List<Request> requests) {
        ArrivalOrderQueue q = new ArrivalOrderQueue();
        List<long[]> booked = new ArrayList<>();
        long present = 1_000_000;
        for (Request r : requests) {
            long arrival = present + r.offset();
            present = Math.max(present, arrival);
            long before = fifoFinish(booked.stream().filter(b -> b[0] <= arrival).toList());
            long start = q.book(arrival, r.service());
            assertThat(start).isGreaterThanOrEqualTo(arrival);
            // exactly what a FIFO server would do with the requests arrived so far that came before it
            assertThat(start).isEqualTo(Math.max(arrival, before));
            booked.add(new long[] {arrival, r.service()});
            assertThat(q.lastFinish()).isEqualTo(fifoFinish(booked));
        }
    }

    @Example
    void a_request_booked_late_goes_ahead_of_holds_booked_for_later_arrivals_and_they_count_after_it() {
        ArrivalOrderQueue q = new ArrivalOrderQueue();
        // a long task booked two holds ahead, at 1000 and 1300 (300 each): no gap of 400 before 1600
        assertThat(q.book(1000, 300)).isEqualTo(1000);
        assertThat(q.book(1300, 300)).isEqualTo(1300);
        // a request that arrived at 1100 is served when the hold that arrived before it ends, not after 1600
        assertThat(q.book(1100, 400)).isEqualTo(1300);
        // the work of all three is done by 2000; a request arriving at 1400 waits for all of it
        assertThat(q.lastFinish()).isEqualTo(2000);
        assertThat(q.startTime(1400)).isEqualTo(2000);
    }
}
