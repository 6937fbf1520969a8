package org.hcasim.core.verbs.mkey;

/** Outcome of checking an access through a key; the caller maps it to the status of its context. */
public enum KeyCheck {
    OK,
    /** No such key index, or the variant does not match (a stale key). */
    BAD_KEY,
    /** The key exists but is not valid (never registered, invalidated, deregistered). */
    NOT_VALID,
    /** The key belongs to another protection domain than the QP. */
    WRONG_PD,
    /** The range leaves the region. */
    OUT_OF_BOUNDS,
    /** The region (or the responder QP) lacks the needed access right. */
    NO_ACCESS,
    /** The translation points at host memory that is not allocated (freed after registration). */
    NO_MEMORY;

    public boolean ok() {
        return this == OK;
    }
}
