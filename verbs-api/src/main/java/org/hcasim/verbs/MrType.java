package org.hcasim.verbs;

/** Kinds of memory regions. */
public enum MrType {
    /** Registered directly with ib_reg_mr-style registration: valid at once, fixed translation (MTT). */
    USER,
    /** Fast registration, MTT translation: page-aligned scatter lists only (IB_MR_TYPE_MEM_REG). */
    MEM_REG,
    /** Fast registration, KLM translation: arbitrary scatter lists with gaps (IB_MR_TYPE_SG_GAPS). */
    SG_GAPS,
    /** Data + protection information with the signature engine (IB_MR_TYPE_INTEGRITY). */
    INTEGRITY
}
