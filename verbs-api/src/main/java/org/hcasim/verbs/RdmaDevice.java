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

    /** The connection manager (rdma_cm) of this device. */
    ConnectionManager connectionManager();

    /** Sets the handler of asynchronous events (CQ overflow, SRQ limit, QP fatal/access errors, ...). */
    void setAsyncEventHandler(Consumer<AsyncEvent> handler);
}
