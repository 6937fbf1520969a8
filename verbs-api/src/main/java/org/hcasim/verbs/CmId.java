package org.hcasim.verbs;

/** One end of a connection (rdma_cm_id). */
public interface CmId {
    /** The local QP (null on a passive id before accept). */
    QueuePair qp();

    /** Host name of the peer. */
    String remoteHost();

    long serviceId();

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
