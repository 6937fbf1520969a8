package org.hcasim.core.policy;

import org.hcasim.verbs.CqPeriodMode;
import org.hcasim.verbs.Moderation;

/**
 * Dynamic interrupt moderation of one CQ, the RDMA flavour of the Linux DIM library ({@code lib/dim/rdma_dim.c},
 * {@code dim.c}): a step search over nine moderation profiles that keeps moving while completions per ms (then
 * completions per event) improve and turns when they get worse. Pure state: the caller feeds it polling passes
 * ({@link #onPoll}) and, when it asks for a profile, applies it (a MODIFY_CQ command) and says so ({@link #applied}).
 * docs/dim.md states the rules and the test vectors.
 */
final class RdmaDim {
    /** DIM_NEVENTS: polling passes (events) per measurement window. */
    static final int WINDOW_EVENTS = 64;
    /** rdma_dim_prof: (period us, completions) per profile index; more moderation to the right. */
    private static final int[] PERIOD_US = {1, 1, 2, 2, 4, 16, 16, 32, 32};
    private static final int[] COMPLETIONS = {1, 4, 4, 8, 8, 8, 16, 16, 32};
    /** RDMA_DIM_START_PROFILE. */
    static final int START_PROFILE = 0;
    static final int PROFILES = PERIOD_US.length;

    enum Direction { RIGHT, LEFT }

    private enum State { START_MEASURE, MEASURE_IN_PROGRESS, APPLY_NEW_PROFILE }

    private State state = State.START_MEASURE;
    private int profile;
    private Direction direction;
    private int stepsRight;
    private int stepsLeft;
    private DimStats previous;

    // the measuring sample (counters since creation, time of the last call) and the window's start snapshot
    private long events;
    private long completions;
    private long nowNs;
    private long startEvents;
    private long startCompletions;
    private long startNs;

    RdmaDim() {
        this(START_PROFILE, Direction.RIGHT, DimStats.NONE);
    }

    /** A DIM in a given search state (for the specification tests). */
    RdmaDim(int profile, Direction direction, DimStats previous) {
        this.profile = profile;
        this.direction = direction;
        this.previous = previous;
    }

    /** The moderation profile {@code index} (period mode: from the last event, the mlx5 default). */
    static Moderation moderationOf(int index) {
        return new Moderation(COMPLETIONS[index], PERIOD_US[index], CqPeriodMode.START_ON_EVENT);
    }

    /**
     * rdma_dim(): one polling pass found {@code found} completions at {@code now} (ns). Returns true when the CQ
     * should get {@link #profile()} now; until {@link #applied} the calls only accumulate.
     */
    boolean onPoll(long found, long now) {
        events++;
        completions += found;
        nowNs = now;
        switch (state) {
            case MEASURE_IN_PROGRESS -> {
                if (events - startEvents < WINDOW_EVENTS) {
                    return false;
                }
                long deltaUs = (nowNs - startNs) / 1000;
                if (deltaUs == 0) {
                    return false; // keeps the start snapshot
                }
                if (decide(DimStats.over(WINDOW_EVENTS, completions - startCompletions, deltaUs))) {
                    state = State.APPLY_NEW_PROFILE;
                    return true;
                }
                startMeasure();
                return false;
            }
            case START_MEASURE -> {
                startMeasure();
                return false;
            }
            default -> {
                return false; // APPLY_NEW_PROFILE: the change is under way
            }
        }
    }

    /**
     * More completions of the event last passed to {@link #onPoll} (the same kernel poll call, reaped by a
     * continuation of its pass): they count, the event count does not grow and no window is evaluated.
     */
    void onContinued(long found) {
        completions += found;
    }

    /** The new profile is in force (ib_cq_rdma_dim_work done): the next call starts a fresh window. */
    void applied() {
        state = State.START_MEASURE;
    }

    private void startMeasure() {
        state = State.MEASURE_IN_PROGRESS;
        startEvents = events;
        startCompletions = completions;
        startNs = nowNs;
    }

    /** rdma_dim_decision: moves the profile for the window's {@code current} stats; true if the index changed. */
    boolean decide(DimStats current) {
        int before = profile;
        switch (current.against(previous)) {
            case SAME -> {
                if (current.cpeRatio() <= 50L * before) {
                    profile = 0; // few completions per event: back to low latency at once
                }
            }
            case WORSE -> {
                turn();
                stepOrTurn();
            }
            case BETTER -> stepOrTurn();
        }
        previous = current;
        return profile != before;
    }

    private void stepOrTurn() {
        if (!step()) {
            turn(); // on the edge
        }
    }

    /** rdma_dim_step: false when on the edge (index 8 going right, 0 going left). */
    private boolean step() {
        if (direction == Direction.RIGHT) {
            if (profile == PROFILES - 1) {
                return false;
            }
            profile++;
            stepsRight++;
        } else {
            if (profile == 0) {
                return false;
            }
            profile--;
            stepsLeft++;
        }
        return true;
    }

    /** dim_turn: reverses the direction and restarts the new direction's step count. */
    private void turn() {
        if (direction == Direction.RIGHT) {
            direction = Direction.LEFT;
            stepsLeft = 0;
        } else {
            direction = Direction.RIGHT;
            stepsRight = 0;
        }
    }

    int profile() {
        return profile;
    }

    Direction direction() {
        return direction;
    }

    int stepsRight() {
        return stepsRight;
    }

    int stepsLeft() {
        return stepsLeft;
    }

    DimStats previous() {
        return previous;
    }
}
