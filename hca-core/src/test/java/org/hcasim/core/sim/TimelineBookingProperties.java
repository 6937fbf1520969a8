package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A single-unit {@link Timeline} books every request exactly where the plain {@link ReferenceBooking} does:
 * arrivals around a present that moves forward (some booked ahead of time, some a little behind, some idle
 * stretches longer than the history), services from zero up, and {@code startTime} queries in between.
 */
class TimelineBookingProperties {

    /** One step: how far the present moves, where the request arrives relative to it, how long it takes. */
    record Step(int advance, int offset, int service, boolean query) {
    }

    @Provide
    Arbitrary<List<Step>> workloads() {
        Arbitrary<Integer> advance = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(20, Arbitraries.integers().between(0, 0)),
                net.jqwik.api.Tuple.of(70, Arbitraries.integers().between(1, 200)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(5_000_000, 12_000_000)));
        Arbitrary<Integer> offset = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(60, Arbitraries.integers().between(0, 50)),
                net.jqwik.api.Tuple.of(25, Arbitraries.integers().between(51, 3_000)),
                net.jqwik.api.Tuple.of(15, Arbitraries.integers().between(-1000, -1)));
        Arbitrary<Integer> service = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(10, Arbitraries.integers().between(0, 0)),
                net.jqwik.api.Tuple.of(90, Arbitraries.integers().between(1, 400)));
        return Combinators.combine(advance, offset, service, Arbitraries.integers().between(0, 9).map(q -> q == 0))
                .as(Step::new).list().ofMinSize(1).ofMaxSize(600);
    }

    @Property(tries = 300)
    void books_like_the_reference(@ForAll("workloads") List<Step> steps) {
        Timeline timeline = new Timeline("t", ResourceKind.LINK, 1);
        ReferenceBooking reference = new ReferenceBooking();
        long present = 1_000_000;
        long busy = 0;
        long waited = 0;
        for (Step s : steps) {
            present += s.advance();
            long arrival = present + s.offset();
            if (s.query()) {
                assertThat(timeline.startTime(arrival)).isEqualTo(reference.firstGap(arrival, 0));
            }
            long start = reference.book(arrival, s.service());
            assertThat(timeline.acquire(arrival, s.service())).isEqualTo(start + s.service());
            busy += s.service();
            waited += start - arrival;
        }
        assertThat(timeline.busyNs()).isEqualTo(busy);
        assertThat(timeline.waitNs()).isEqualTo(waited);
    }

    /**
     * On a simulation's clock (requests no earlier than 1 us before the present, bookings that ended before that
     * forgotten, when the lists grow) the timeline still books exactly as the reference that forgets nothing but
     * the 10 ms history.
     */
    @Property(tries = 300)
    void books_like_the_reference_on_a_simulation_clock(@ForAll("workloads") List<Step> steps) {
        Simulation sim = new Simulation(1);
        Timeline timeline = sim.timeline("t", ResourceKind.LINK, 1);
        ReferenceBooking reference = new ReferenceBooking();
        long present = 1_000_000;
        for (Step s : steps) {
            present += s.advance();
            sim.loop().runUntil(present);
            long arrival = present + Math.max(s.offset(), -(int) Timeline.PAST_SLACK_NS);
            if (s.query()) {
                assertThat(timeline.startTime(arrival)).isEqualTo(reference.firstGap(arrival, 0));
            }
            long start = reference.book(arrival, s.service());
            assertThat(timeline.acquire(arrival, s.service())).isEqualTo(start + s.service());
        }
    }
}
