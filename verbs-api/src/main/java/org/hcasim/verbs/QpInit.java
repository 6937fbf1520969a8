package org.hcasim.verbs;

/**
 * Creation parameters of an RC queue pair (ib_qp_init_attr).
 *
 * @param sendCq          completions of send-queue WRs
 * @param recvCq          completions of receives (also with an SRQ)
 * @param srq             shared receive queue, or null for an own receive queue
 * @param maxSendWr       send queue depth
 * @param maxRecvWr       receive queue depth (ignored with an SRQ)
 * @param maxSendSge      SGEs per send WR
 * @param maxRecvSge      SGEs per receive WR
 * @param maxInlineData   bytes of inline data per send WR
 * @param signalAll       IB_SIGNAL_ALL_WR: every send WR completes; otherwise only SIGNALED ones (errors always)
 * @param integrityEnabled IB_QP_CREATE_INTEGRITY_EN: allows REG_INTEGRITY_MR work requests
 */
public record QpInit(CompletionQueue sendCq, CompletionQueue recvCq, SharedReceiveQueue srq,
                     int maxSendWr, int maxRecvWr, int maxSendSge, int maxRecvSge, int maxInlineData,
                     boolean signalAll, boolean integrityEnabled) {

    /** A QP with its own receive queue, selective signaling, no inline data, no integrity. */
    public static QpInit of(CompletionQueue cq, int maxSendWr, int maxRecvWr, int maxSge) {
        return new QpInit(cq, cq, null, maxSendWr, maxRecvWr, maxSge, maxSge, 0, false, false);
    }

    public QpInit withSrq(SharedReceiveQueue newSrq) {
        return new QpInit(sendCq, recvCq, newSrq, maxSendWr, 0, maxSendSge, maxRecvSge, maxInlineData,
                signalAll, integrityEnabled);
    }

    public QpInit withCqs(CompletionQueue newSendCq, CompletionQueue newRecvCq) {
        return new QpInit(newSendCq, newRecvCq, srq, maxSendWr, maxRecvWr, maxSendSge, maxRecvSge,
                maxInlineData, signalAll, integrityEnabled);
    }

    public QpInit withInline(int bytes) {
        return new QpInit(sendCq, recvCq, srq, maxSendWr, maxRecvWr, maxSendSge, maxRecvSge, bytes,
                signalAll, integrityEnabled);
    }

    public QpInit withSignalAll(boolean all) {
        return new QpInit(sendCq, recvCq, srq, maxSendWr, maxRecvWr, maxSendSge, maxRecvSge, maxInlineData,
                all, integrityEnabled);
    }

    public QpInit withIntegrity(boolean enabled) {
        return new QpInit(sendCq, recvCq, srq, maxSendWr, maxRecvWr, maxSendSge, maxRecvSge, maxInlineData,
                signalAll, enabled);
    }
}
