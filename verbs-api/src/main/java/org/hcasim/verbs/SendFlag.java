package org.hcasim.verbs;

/** Send work request flags (IB_SEND_*). */
public enum SendFlag {
    /** Generate a completion even on a QP without signalAll. */
    SIGNALED,
    /** Wait for earlier RDMA READs (and registrations) to finish before this WR starts. */
    FENCE,
    /** Copy the gather list into the WQE (up to maxInlineData bytes): no lkey check, no DMA read. */
    INLINE,
    /** Ask the responder to raise a solicited event. */
    SOLICITED
}
