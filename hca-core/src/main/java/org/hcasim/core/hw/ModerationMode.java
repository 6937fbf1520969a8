package org.hcasim.core.hw;

/** When the moderation period timer of a CQ starts. */
public enum ModerationMode {
    /** At the first CQE after the CQ was armed (EQE-based, the default of mlx5). */
    START_ON_FIRST_CQE,
    /** Restarted by every new CQE (CQE-based period: fires after a quiet period). */
    RESTART_ON_EACH_CQE
}
