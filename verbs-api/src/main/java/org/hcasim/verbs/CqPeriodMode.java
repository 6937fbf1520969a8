package org.hcasim.verbs;

/** When the moderation period of a CQ starts counting (mlx5 cq_period_mode). */
public enum CqPeriodMode {
    /** At the first completion after the last event (EQE-based, the RDMA default). */
    START_ON_EVENT,
    /** Again at every new completion (CQE-based: the event fires once completions pause). */
    RESTART_ON_CQE
}
