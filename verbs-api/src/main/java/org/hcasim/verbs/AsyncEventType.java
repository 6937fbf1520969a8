package org.hcasim.verbs;

/** Asynchronous events (ib_event_type) the engine raises. */
public enum AsyncEventType {
    /** A completion arrived on a full CQ; the CQ is in error and its QPs move to ERR. */
    CQ_ERR,
    /** The QP hit an error that is not tied to one WR and moved to ERR. */
    QP_FATAL,
    /** The responder QP received an invalid request (e.g. receive too small) and moved to ERR. */
    QP_REQ_ERR,
    /** The responder QP detected an access violation for an incoming RDMA request and moved to ERR. */
    QP_ACCESS_ERR,
    /** First packet arrived on a QP in RTR (communication established). */
    COMM_EST,
    /** A QP attached to an SRQ in ERR has no more WQEs to consume. */
    QP_LAST_WQE_REACHED,
    /** Available receives of an SRQ fell below its armed limit; the limit disarms. */
    SRQ_LIMIT_REACHED,
    /** The SRQ failed. */
    SRQ_ERR,
    /** The device failed. */
    DEVICE_FATAL
}
