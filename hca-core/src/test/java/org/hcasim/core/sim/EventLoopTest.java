package org.hcasim.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EventLoopTest {
    private final EventLoop loop = new EventLoop();
    private final List<String> ran = new ArrayList<>();

    private Runnable log(String name) {
        return () -> ran.add(name + "@" + loop.now());
    }

    @Test
    void events_run_in_time_order_whatever_the_scheduling_order() {
        loop.at(30, log("c"));
        loop.at(10, log("a"));
        loop.at(20, log("b"));

        loop.run();

        assertThat(ran).containsExactly("a@10", "b@20", "c@30");
    }

    @Test
    void events_at_the_same_time_run_in_scheduling_order() {
        for (int i = 0; i < 50; i++) {
            loop.at(7, log("e" + i));
        }
        loop.run();

        assertThat(ran).hasSize(50);
        for (int i = 0; i < 50; i++) {
            assertThat(ran.get(i)).isEqualTo("e" + i + "@7");
        }
    }

    @Test
    void random_schedules_pop_sorted_by_time_then_sequence() {
        SplittableRandom r = new SplittableRandom(1);
        List<long[]> order = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            long t = r.nextLong(100);
            long seq = i;
            loop.at(t, () -> order.add(new long[] {loop.now(), seq}));
        }
        loop.run();

        for (int i = 1; i < order.size(); i++) {
            long[] p = order.get(i - 1);
            long[] c = order.get(i);
            assertThat(p[0] < c[0] || (p[0] == c[0] && p[1] < c[1])).as("event %d after %d", i, i - 1).isTrue();
        }
    }

    @Test
    void an_event_may_schedule_another_at_the_current_time_which_runs_after_it() {
        loop.at(5, () -> {
            ran.add("first");
            loop.after(0, log("second"));
        });
        loop.at(5, log("queued-before-second"));

        loop.run();

        assertThat(ran).containsExactly("first", "queued-before-second@5", "second@5");
    }

    @Test
    void a_cancelled_event_does_not_run_and_cancelling_twice_returns_false() {
        long h = loop.at(10, log("cancelled"));
        loop.at(20, log("kept"));

        assertThat(loop.cancel(h)).isTrue();
        assertThat(loop.cancel(h)).isFalse();
        loop.run();

        assertThat(ran).containsExactly("kept@20");
    }

    @Test
    void a_cancelled_event_at_the_head_is_not_counted_and_does_not_stop_run_until() {
        long h = loop.at(5, log("cancelled"));
        loop.at(8, log("kept"));
        loop.cancel(h);

        assertThat(loop.pending()).isEqualTo(1);
        assertThat(loop.nextEventTime()).isEqualTo(8);
        loop.runUntil(10);
        assertThat(ran).containsExactly("kept@8");
        assertThat(loop.pending()).isZero();
        assertThat(loop.nextEventTime()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void a_stale_handle_does_not_cancel_the_event_that_reuses_its_slot() {
        long old = loop.at(1, log("old"));
        loop.run();
        long reused = loop.at(2, log("new"));

        assertThat(loop.cancel(old)).isFalse();
        assertThat(loop.isPending(reused)).isTrue();
        loop.run();

        assertThat(ran).containsExactly("old@1", "new@2");
    }

    @Test
    void cancelling_from_the_middle_of_a_large_heap_keeps_the_order() {
        SplittableRandom r = new SplittableRandom(7);
        long[] handles = new long[2000];
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < handles.length; i++) {
            handles[i] = loop.at(r.nextLong(1_000_000), () -> times.add(loop.now()));
        }
        int cancelled = 0;
        for (int i = 0; i < handles.length; i += 3) {
            assertThat(loop.cancel(handles[i])).isTrue();
            cancelled++;
        }
        loop.run();

        assertThat(times).hasSize(handles.length - cancelled).isSorted();
    }

    @Test
    void run_until_a_time_runs_events_up_to_it_and_advances_the_clock() {
        loop.at(10, log("a"));
        loop.at(20, log("b"));
        loop.at(21, log("c"));

        long n = loop.runUntil(20);

        assertThat(n).isEqualTo(2);
        assertThat(ran).containsExactly("a@10", "b@20");
        assertThat(loop.now()).isEqualTo(20);
        loop.runUntil(100);
        assertThat(loop.now()).isEqualTo(100);
        assertThat(loop.pending()).isZero();
    }

    @Test
    void run_until_a_condition_stops_before_the_next_event() {
        int[] count = {0};
        for (int i = 1; i <= 10; i++) {
            loop.at(i, () -> count[0]++);
        }
        loop.runUntil(() -> count[0] == 4);

        assertThat(count[0]).isEqualTo(4);
        assertThat(loop.now()).isEqualTo(4);
        assertThat(loop.pending()).isEqualTo(6);
    }

    @Test
    void run_events_runs_exactly_that_many() {
        for (int i = 0; i < 10; i++) {
            loop.at(i, () -> { });
        }
        assertThat(loop.runEvents(3)).isEqualTo(3);
        assertThat(loop.executed()).isEqualTo(3);
        assertThat(loop.pending()).isEqualTo(7);
    }

    @Test
    void scheduling_in_the_past_is_an_error() {
        loop.runUntil(100);
        assertThatThrownBy(() -> loop.at(99, () -> { }))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("before now");
    }

    @Test
    void the_heap_grows_beyond_its_initial_capacity() {
        for (int i = 0; i < 10_000; i++) {
            loop.at(10_000 - i, () -> { });
        }
        assertThat(loop.pending()).isEqualTo(10_000);
        assertThat(loop.run()).isEqualTo(10_000);
        assertThat(loop.now()).isEqualTo(10_000);
    }

    // ---------------------------------------------------------------- targets and operations

    /** A target that logs each operation it is called with, its argument and the time. */
    private final class Recorder implements EventTarget {
        final String name;

        Recorder(String name) {
            this.name = name;
        }

        @Override
        public void onEvent(int op, Object arg) {
            ran.add(name + "." + op + (arg == null ? "" : "(" + arg + ")") + "@" + loop.now());
        }
    }

    @Test
    void a_target_is_called_with_the_operation_and_argument_it_was_scheduled_with() {
        Recorder engine = new Recorder("engine");
        loop.at(20, engine, 2, "wqe-7");
        loop.at(10, engine, 1);

        loop.run();

        assertThat(ran).containsExactly("engine.1@10", "engine.2(wqe-7)@20");
    }

    @Test
    void targets_and_runnables_at_the_same_time_run_in_scheduling_order() {
        Recorder a = new Recorder("a");
        loop.at(5, log("r1"));
        loop.at(5, a, 1);
        loop.at(5, log("r2"));
        loop.at(5, a, 2, "x");

        loop.run();

        assertThat(ran).containsExactly("r1@5", "a.1@5", "r2@5", "a.2(x)@5");
    }

    @Test
    void a_target_event_is_cancelled_by_its_handle_like_a_runnable() {
        Recorder a = new Recorder("a");
        long h = loop.at(5, a, 1, "gone");
        loop.after(7, a, 2, "stays");

        assertThat(loop.cancel(h)).isTrue();
        assertThat(loop.isPending(h)).isFalse();
        loop.run();

        assertThat(ran).containsExactly("a.2(stays)@7");
    }

    @Test
    void scheduling_a_target_event_allocates_nothing_once_the_slots_exist() {
        Recorder a = new Recorder("a");
        for (int i = 0; i < 2048; i++) { // grow the slot arrays and warm up
            loop.at(i, a, 0);
        }
        loop.run();
        ran.clear();
        var threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        EventTarget quiet = (op, arg) -> { };
        for (int round = 0; round < 3; round++) { // the first rounds may still compile
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1024; i++) {
                loop.after(i, quiet, i, a);
            }
            loop.run();
            if (round == 2) {
                assertThat(threads.getCurrentThreadAllocatedBytes() - before).isLessThan(1024);
            }
        }
    }

    @Test
    void a_target_event_needs_a_target_and_a_time_not_in_the_past() {
        loop.runUntil(100);
        assertThatThrownBy(() -> loop.at(99, new Recorder("a"), 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("before now");
        assertThatThrownBy(() -> loop.at(100, null, 1)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void an_unknown_operation_names_the_target_and_the_operation() {
        EventTarget strict = new EventTarget() {
            @Override
            public void onEvent(int op, Object arg) {
                throw EventTarget.unknown(this, op);
            }
        };
        loop.at(1, strict, 42);

        assertThatThrownBy(loop::run).hasMessageContaining("no event operation 42");
    }
}
