package org.hcasim.verbs;

import java.util.function.Consumer;

/**
 * An RDMA device (HCA port as the kernel sees it). Everything it creates lives on the simulation's
 * single thread; verbs may be called from inside host tasks (their CPU cost is charged to that core) or
 * from set-up code outside tasks.
 */
public interface RdmaDevice {
    String name();

    DeviceAttributes attributes();

    /** ib_alloc_pd. */
    ProtectionDomain allocPd();

    /** ib_alloc_cq / ib_create_cq. */
    CompletionQueue createCq(CqInit init);

    /** The completion-vector hint of {@link #cqPoolGet} that lets the pool pick the vector (round robin). */
    int ANY_VECTOR = -1;

    /**
     * ib_cq_pool_get: a CQ of the device's shared pool for {@code pollContext} (SOFTIRQ or WORKQUEUE) with room for
     * {@code nrCqe} more completions, on completion vector {@code compVectorHint % n} (n = min(vectors, cores)), or,
     * for {@link #ANY_VECTOR}, on the next vector of the host's round-robin counter. The first CQ in the pool's order
     * (newest set first) on that vector with room and made by a creator of the same {@link CqCreator#sharingKey()}
     * is claimed; when none has room the pool creates a new set through {@code creator}: one CQ per vector, each of
     * max(nrCqe, 4096) entries (at most the device's max CQE). Its QPs may be many; each completion still reaches its
     * own request's callback. Give it back with {@link #cqPoolPut}, never {@link CompletionQueue#destroy}.
     *
     * @throws VerbsException EINVAL for nrCqe <= 0 or above the device's max CQE, a DIRECT poll context, a hint below -1
     */
    CompletionQueue cqPoolGet(int nrCqe, int compVectorHint, PollContext pollContext, CqCreator creator);

    /** {@link #cqPoolGet(int, int, PollContext, CqCreator)} with CQs as ib_alloc_cq creates them. */
    default CompletionQueue cqPoolGet(int nrCqe, int compVectorHint, PollContext pollContext) {
        return cqPoolGet(nrCqe, compVectorHint, pollContext, CqCreator.DEVICE_DEFAULT);
    }

    /**
     * ib_cq_pool_put: gives back the {@code nrCqe} entries a {@link #cqPoolGet} claimed on {@code cq} (the CQ stays in
     * the pool until the device goes away). Call it after the QPs that used them are destroyed.
     *
     * @throws VerbsException EINVAL when {@code cq} is not a pool CQ of this device or {@code nrCqe} exceeds what is
     *                        claimed on it
     */
    void cqPoolPut(CompletionQueue cq, int nrCqe);

    /** The connection manager (rdma_cm) of this device. */
    ConnectionManager connectionManager();

    /** Sets the handler of asynchronous events (CQ overflow, SRQ limit, QP fatal/access errors, ...). */
    void setAsyncEventHandler(Consumer<AsyncEvent> handler);
}
