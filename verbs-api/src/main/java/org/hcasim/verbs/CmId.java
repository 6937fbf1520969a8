package org.hcasim.verbs;

/** One end of a connection (rdma_cm_id). */
public interface CmId {
    /** The local QP (null on a passive id before accept). */
    QueuePair qp();

    /** Host name of the peer. */
    String remoteHost();

    long serviceId();

    /**
     * rdma_set_min_rnr_timer: the minimum RNR NAK timer (the IB 5-bit code, 0..31) the CM gives the QP when it moves
     * it to RTR, instead of the CM's default; call it before accept (passive) or right after connect (active). A
     * code outside 0..31 fails with EINVAL.
     */
    void setMinRnrTimer(int code);

    /**
     * Passive side: accepts a CONNECT_REQUEST with {@code qp} (in RESET or INIT, of this device), which the
     * CM moves to RTS; the peer gets ESTABLISHED with {@code privateData}, this side ESTABLISHED after.
     */
    void accept(QueuePair qp, byte[] privateData);

    /** Passive side: rejects the request; the peer gets REJECTED with {@code privateData}. */
    void reject(byte[] privateData);

    /** Moves the QP to ERR (flushing its WRs) and tells the peer; both sides get DISCONNECTED. */
    void disconnect();
}
