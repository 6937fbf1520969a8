package org.hcasim.core.verbs;

/**
 * The connection settings rdma_cm gives kernel RC QPs (and so the CM here): local ACK timeout 2^14 x 4.096 us
 * (67 ms), transport and RNR retries 7 (RNR 7 = retry forever), minimum RNR NAK timer code 12 (0.64 ms).
 */
public final class CmDefaults {
    public static final int TIMEOUT = 14;
    public static final int RETRY = 7;
    public static final int RNR_RETRY = 7;
    public static final int MIN_RNR_TIMER = 12;
    /**
     * How long the CM waits for the answer to a DREQ before it sends it again: cm_send_req's timeout_ms, twice the
     * path's packet lifetime (RoCE: CMA_IBOE_PACKET_LIFETIME 16, 268 ms) plus the remote CM response timeout
     * (CMA_CM_RESPONSE_TIMEOUT 20, 4295 ms), both 4.096 us x 2^code.
     */
    public static final long CM_RETRY_NS = 2 * (4096L << 16) + (4096L << 20);
    /** Times the CM sends a message again (CMA_MAX_CM_RETRIES). */
    public static final int MAX_CM_RETRIES = 15;

    private CmDefaults() {
    }
}
