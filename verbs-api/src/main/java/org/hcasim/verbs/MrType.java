package org.hcasim.verbs;

/** Kinds of memory regions. */
public enum MrType {
    /** A user registration (regMr, regUserMr: ib_reg_user_mr): valid once registered, fixed translation (MTT). */
    USER,
    /** Fast registration, MTT translation: page-aligned scatter lists only (IB_MR_TYPE_MEM_REG). */
    MEM_REG,
    /** Fast registration, KLM translation: arbitrary scatter lists with gaps (IB_MR_TYPE_SG_GAPS). */
    SG_GAPS,
    /** Data + protection information with the signature engine (IB_MR_TYPE_INTEGRITY). */
    INTEGRITY
}
