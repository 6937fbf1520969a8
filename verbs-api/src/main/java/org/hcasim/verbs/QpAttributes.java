package org.hcasim.verbs;

import java.util.Set;

/**
 * A modify-QP request (ib_qp_attr + mask): the target state and the attributes that transition needs.
 * Use the factories; a field left at its "unset" value ({@code null} or -1) keeps the QP's current value.
 *
 * @param state        target state
 * @param access       remote access the QP allows as responder (INIT)
 * @param remote       destination QP (RTR)
 * @param minRnrTimer  5-bit encoded RNR NAK timer this QP asks senders to wait (RTR), IB table:
 *                     0 = 655.36 ms, 1 = 0.01 ms ... 31 = 491.52 ms
 * @param timeout      5-bit local ACK timeout, 4.096 us * 2^timeout, 0 = infinite (RTS)
 * @param retryCount   transport retries before RETRY_EXC_ERR, 0..7 (RTS)
 * @param rnrRetry     RNR retries before RNR_RETRY_EXC_ERR, 0..7, 7 = forever (RTS)
 */
public record QpAttributes(QpState state, Set<AccessFlag> access, QpAddress remote, int minRnrTimer,
                           int timeout, int retryCount, int rnrRetry) {

    public static QpAttributes toInit(Set<AccessFlag> access) {
        return new QpAttributes(QpState.INIT, Set.copyOf(access), null, -1, -1, -1, -1);
    }

    public static QpAttributes toRtr(QpAddress remote, int minRnrTimer) {
        return new QpAttributes(QpState.RTR, null, remote, minRnrTimer, -1, -1, -1);
    }

    public static QpAttributes toRts(int timeout, int retryCount, int rnrRetry) {
        return new QpAttributes(QpState.RTS, null, null, -1, timeout, retryCount, rnrRetry);
    }

    public static QpAttributes toError() {
        return new QpAttributes(QpState.ERR, null, null, -1, -1, -1, -1);
    }

    public static QpAttributes toReset() {
        return new QpAttributes(QpState.RESET, null, null, -1, -1, -1, -1);
    }
}
