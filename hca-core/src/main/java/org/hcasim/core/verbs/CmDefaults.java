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

    private CmDefaults() {
    }
}
