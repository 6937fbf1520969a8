package org.hcasim.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.hcasim.verbs.CqPeriodMode;
import org.hcasim.verbs.Moderation;
import org.junit.jupiter.api.Test;

/** The test vectors of docs/dim.md (events 1 us apart unless said otherwise), and the measurement rules. */
class RdmaDimTest {
    private final RdmaDim dim = new RdmaDim();
    private long nowNs;

    /** One polling pass finding {@code completions}, {@code gapNs} after the previous one; true if DIM asks for a change. */
    private boolean pass(long completions, long gapNs) {
        nowNs += gapNs;
        return dim.onPoll(completions, nowNs);
    }

    /** The call that takes the start snapshot, then a full window of 64 passes; the window's last answer. */
    private boolean window(long completionsPerPass, long gapNs) {
        boolean changed = false;
        for (int i = 0; i < RdmaDim.WINDOW_EVENTS; i++) {
            changed = pass(completionsPerPass, gapNs);
            assertThat(changed && i < RdmaDim.WINDOW_EVENTS - 1).as("decides only on the 64th pass").isFalse();
        }
        return changed;
    }

    @Test
    void vector_1_the_first_window_is_same_and_becomes_the_previous_stats() {
        pass(4, 0); // start snapshot: its completions are baseline
        boolean changed = window(4, 1000);

        assertThat(changed).isFalse();
        assertThat(dim.profile()).isZero();
        assertThat(dim.previous()).isEqualTo(new DimStats(4000, 1000, 400));
    }

    @Test
    void vector_2_a_quarter_more_completions_per_ms_is_better_and_steps_right() {
        pass(4, 0);
        window(4, 1000);
        boolean changed = window(5, 1000); // the 64th pass of window 1 took the new snapshot

        assertThat(changed).isTrue();
        assertThat(dim.profile()).isEqualTo(1);
        assertThat(dim.stepsRight()).isEqualTo(1);
        assertThat(RdmaDim.moderationOf(dim.profile())).isEqualTo(new Moderation(4, 1, CqPeriodMode.START_ON_EVENT));
    }

    @Test
    void vector_3_a_fifth_fewer_completions_per_ms_is_worse_turns_left_and_steps_back() {
        pass(4, 0);
        window(4, 1000);
        window(5, 1000);
        dim.applied();
        pass(5, 1250); // new start snapshot after the change
        boolean changed = window(5, 1250); // 320 completions over 80 us: cpms 4000

        assertThat(changed).isTrue();
        assertThat(dim.previous().cpms()).isEqualTo(4000);
        assertThat(dim.direction()).isEqualTo(RdmaDim.Direction.LEFT);
        assertThat(dim.profile()).isZero();
        assertThat(RdmaDim.moderationOf(0)).isEqualTo(new Moderation(1, 1, CqPeriodMode.START_ON_EVENT));
    }

    @Test
    void completions_of_a_continued_pass_count_for_the_window_but_are_not_another_event() {
        pass(4, 0);
        for (int i = 0; i < RdmaDim.WINDOW_EVENTS; i++) {
            dim.onContinued(2); // the call of the pass before reaped two more
            pass(2, 1000);
        }

        assertThat(dim.previous()).as("64 events of 4 completions over 64 us, as vector 1")
                .isEqualTo(new DimStats(4000, 1000, 400));
    }

    @Test
    void vector_4_same_stats_with_few_completions_per_event_jump_back_to_profile_0() {
        RdmaDim at6 = new RdmaDim(6, RdmaDim.Direction.RIGHT, new DimStats(10_000, 0, 300));

        boolean changed = at6.decide(new DimStats(10_500, 0, 290));

        assertThat(changed).isTrue();
        assertThat(at6.profile()).isZero();
        assertThat(at6.direction()).isEqualTo(RdmaDim.Direction.RIGHT);
    }

    @Test
    void vector_5_better_on_the_right_edge_turns_without_a_change_then_steps_left() {
        RdmaDim at8 = new RdmaDim(8, RdmaDim.Direction.RIGHT, new DimStats(1000, 0, 100));

        assertThat(at8.decide(new DimStats(2000, 0, 100))).isFalse();
        assertThat(at8.profile()).isEqualTo(8);
        assertThat(at8.direction()).isEqualTo(RdmaDim.Direction.LEFT);

        assertThat(at8.decide(new DimStats(3000, 0, 100))).isTrue();
        assertThat(at8.profile()).isEqualTo(7);
    }

    @Test
    void vector_6_a_difference_is_significant_from_11_percent() {
        assertThat(DimStats.significantlyDifferent(1100, 1000)).isFalse();
        assertThat(DimStats.significantlyDifferent(1109, 1000)).isFalse();
        assertThat(DimStats.significantlyDifferent(1110, 1000)).isTrue();
        assertThat(DimStats.significantlyDifferent(890, 1000)).isTrue();
        assertThat(DimStats.significantlyDifferent(5, 0)).as("no reference").isFalse();
    }

    @Test
    void the_profiles_are_the_rdma_table() {
        int[][] expected = {{1, 1}, {1, 4}, {2, 4}, {2, 8}, {4, 8}, {16, 8}, {16, 16}, {32, 16}, {32, 32}};
        for (int i = 0; i < RdmaDim.PROFILES; i++) {
            Moderation m = RdmaDim.moderationOf(i);
            assertThat(new int[] {m.periodUs(), m.count()}).as("profile " + i).containsExactly(expected[i]);
        }
    }

    @Test
    void while_a_change_is_applied_the_calls_only_accumulate() {
        pass(4, 0);
        window(4, 1000);
        window(5, 1000);
        for (int i = 0; i < 200; i++) {
            assertThat(pass(50, 1000)).isFalse(); // would be "better" again, but the change is still under way
        }
        assertThat(dim.profile()).isEqualTo(1);
    }

    @Test
    void a_window_of_no_elapsed_microsecond_takes_no_decision_and_keeps_its_start() {
        pass(1, 0);
        for (int i = 0; i < 70; i++) {
            assertThat(pass(1, 10)).isFalse(); // 64+ passes within 1 us
        }
        assertThat(dim.previous()).isEqualTo(DimStats.NONE);
        nowNs += 1_000;
        dim.onPoll(1, nowNs); // now 71 passes over 1.7 us: a decision (SAME, the first one)
        assertThat(dim.previous()).isNotEqualTo(DimStats.NONE);
    }

    @Test
    void rates_round_up_and_the_ratio_rounds_down() {
        DimStats s = DimStats.over(64, 100, 3); // cpms 33334, epms 21334
        assertThat(s.cpms()).isEqualTo(33_334);
        assertThat(s.epms()).isEqualTo(21_334);
        assertThat(s.cpeRatio()).isEqualTo(33_334 * 100 / 21_334);
    }
}
