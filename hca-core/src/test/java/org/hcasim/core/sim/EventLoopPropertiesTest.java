package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

class EventLoopPropertiesTest {

    record Scheduled(long time, int order) {
    }

    @Property(tries = 200)
    void runs_exactly_the_uncancelled_events_sorted_by_time_then_scheduling_order(
            @ForAll @Size(max = 300) List<@LongRange(min = 0, max = 50) Long> times,
            @ForAll @Size(max = 300) List<Boolean> cancelFlags) {
        EventLoop loop = new EventLoop();
        List<Scheduled> ran = new ArrayList<>();
        List<Scheduled> expected = new ArrayList<>();
        for (int i = 0; i < times.size(); i++) {
            Scheduled s = new Scheduled(times.get(i), i);
            long h = loop.at(s.time(), () -> ran.add(s));
            boolean cancel = i < cancelFlags.size() && cancelFlags.get(i);
            if (cancel) {
                assertThat(loop.cancel(h)).isTrue();
            } else {
                expected.add(s);
            }
        }
        assertThat(loop.pending()).isEqualTo(expected.size());

        loop.run();

        expected.sort(Comparator.comparingLong(Scheduled::time).thenComparingInt(Scheduled::order));
        assertThat(ran).containsExactlyElementsOf(expected);
        assertThat(loop.pending()).isZero();
    }
}
