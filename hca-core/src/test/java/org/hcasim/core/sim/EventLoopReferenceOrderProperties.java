package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The loop against the plain definition of its order: a priority queue on (time, sequence). Events schedule more
 * events while they run, at delays drawn from zero (ties), inside the loop's near-future span and far beyond
 * it (so that events wait outside the span and enter it as the clock moves), cancel pending ones, and the run
 * is interrupted by run-until stops that move the clock past empty stretches, between which events are also
 * scheduled from outside.
 */
class EventLoopReferenceOrderProperties {

    private static final long[] DELAY_SCALES = {1, 8, 1 << 12, 1 << 14, 1 << 15, 1 << 20, 50_000_000L};

    record Ref(long time, long seq, int id) {
    }

    @Property(tries = 100)
    void runs_what_a_time_then_sequence_queue_runs_in_the_same_order(
            @ForAll @IntRange(min = 1, max = 400) int initial,
            @ForAll @IntRange(min = 0, max = 6) int scales,
            @ForAll long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        EventLoop loop = new EventLoop();
        PriorityQueue<Ref> reference = new PriorityQueue<>(Comparator.comparingLong(Ref::time).thenComparingLong(Ref::seq));
        List<Long> handles = new ArrayList<>();
        List<Ref> refs = new ArrayList<>();
        List<Integer> ran = new ArrayList<>();
        List<Integer> expected = new ArrayList<>();
        long[] seq = {0};
        int budget = 3000;

        Runnable[] schedule = new Runnable[1];
        IntConsumer[] onRun = new IntConsumer[1];
        schedule[0] = () -> {
            long scale = DELAY_SCALES[random.nextInt(scales + 1)];
            long time = loop.now() + (random.nextInt(4) == 0 ? 0 : random.nextLong(scale));
            int id = refs.size();
            Ref ref = new Ref(time, seq[0]++, id);
            refs.add(ref);
            reference.add(ref);
            handles.add(loop.at(time, () -> onRun[0].accept(id)));
        };
        onRun[0] = id -> {
            ran.add(id);
            if (refs.size() < budget) {
                int children = random.nextInt(3);
                for (int c = 0; c < children; c++) {
                    schedule[0].run();
                }
            }
            if (random.nextInt(5) == 0 && !handles.isEmpty()) {
                int victim = random.nextInt(handles.size());
                if (loop.cancel(handles.get(victim))) {
                    assertThat(reference.remove(refs.get(victim))).isTrue();
                }
            }
        };
        for (int i = 0; i < initial; i++) {
            schedule[0].run();
        }

        while (loop.pending() > 0) {
            assertThat(loop.pending()).isEqualTo(reference.size());
            assertThat(loop.nextEventTime()).isEqualTo(reference.peek().time());
            if (random.nextInt(8) == 0) {
                // What the loop runs up to `until` includes what those events schedule; the reference holds them
                // too by the time runUntil returns, so polling it in order up to `until` gives the same sequence.
                long until = loop.now() + random.nextLong(DELAY_SCALES[random.nextInt(scales + 1)]);
                loop.runUntil(until);
                while (!reference.isEmpty() && reference.peek().time() <= until) {
                    expected.add(reference.poll().id());
                }
                assertThat(loop.now()).isEqualTo(until);
            } else {
                loop.step();
                expected.add(reference.poll().id());
            }
            assertThat(ran).isEqualTo(expected);
            if (random.nextInt(4) == 0 && refs.size() < budget) {
                schedule[0].run(); // from outside the run, as a driver does between runUntil calls
            }
        }
        assertThat(reference).isEmpty();
    }
}
