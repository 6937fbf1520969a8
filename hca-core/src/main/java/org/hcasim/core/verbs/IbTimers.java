package org.hcasim.core.verbs;

/** The encoded IB transport timers. */
final class IbTimers {
    /** IB spec table "encoding for RNR NAK timer field", in units of 10 us (index 0 = 655.36 ms). */
    private static final long[] RNR_TIMER_10US = {
        65536, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048,
        3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768, 49152};

    private IbTimers() {
    }

    /** The RNR NAK timer encoded as {@code code} (0..31), in ns. */
    static long rnrTimerNs(int code) {
        return RNR_TIMER_10US[code] * 10_000L;
    }

    /** Local ACK timeout 4.096 us * 2^code in ns; 0 means infinite ({@link Long#MAX_VALUE}). */
    static long ackTimeoutNs(int code) {
        return code == 0 ? Long.MAX_VALUE : 4096L << code;
    }
}
