package org.hcasim.verbs;

/**
 * RC queue pair states. Legal modifications: RESET->INIT, INIT->INIT, INIT->RTR, RTR->RTS, RTS->RTS,
 * any->ERR, any->RESET. Posting sends needs RTS (or ERR, where WRs are flushed); posting receives needs
 * INIT, RTR, RTS or ERR (flushed).
 */
public enum QpState {
    RESET, INIT, RTR, RTS, ERR
}
