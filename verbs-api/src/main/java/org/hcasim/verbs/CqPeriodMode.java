package org.hcasim.verbs;

/** When the moderation period of a CQ starts counting (mlx5 cq_period_mode). */
public enum CqPeriodMode {
    /**
     * From the last event (EQE-based, the mlx5 default): once the period has passed since the CQ's last event, the
     * next completion of the armed CQ raises one at once; sooner, only the count does.
     */
    START_ON_EVENT,
    /** Again at every new completion (CQE-based: the event fires once completions pause). */
    RESTART_ON_CQE
}
