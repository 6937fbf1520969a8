package org.hcasim.core.hw;

/** When the moderation period of a CQ runs from (mlx5 cq_period_mode). */
public enum ModerationMode {
    /**
     * From the last event the CQ generated (EQE-based, the mlx5 default): once the period has passed since then,
     * the next completion of an armed CQ raises an event at once.
     */
    START_ON_EVENT,
    /** Restarted by every new completion (CQE-based): the event fires once completions pause for the period. */
    RESTART_ON_CQE
}
