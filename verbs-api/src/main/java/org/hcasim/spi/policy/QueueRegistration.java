package org.hcasim.spi.policy;

/**
 * The registration of one queue: for each I/O, how the HCA reaches its memory. Called inside the queue's
 * tasks on the simulation's thread. The ULP charges its driver's CPU cost; what the HCA does is timed by
 * the work requests the registration returns, once posted.
 */
public interface QueueRegistration {

    /**
     * Makes {@code io}'s buffers reachable: returns the key and address to put on the wire and the work
     * requests to post before the I/O's own (e.g. a REG_MR or REG_INTEGRITY_MR, unsignaled). Null when the
     * buffers cannot be mapped in one registration (nothing taken: the caller splits, bounces or fails the I/O).
     */
    Registration register(IoBuffers io);

    /**
     * The I/O is over and its key invalid again (the peer's SEND_WITH_INV or the ULP's LOCAL_INV completed):
     * the registration's MR returns to its pool. Nothing for a global-key registration.
     */
    void release(Registration registration);

    /** Pages one registration of this queue maps at most (the largest I/O spans one page less, if unaligned). */
    int maxPages();

    /**
     * The queue is gone (ib_mr_pool_destroy when a ULP tears a connection down): every MR this registration
     * allocated is deregistered, those still handed out included. Call it once no I/O of the queue can use a key.
     */
    default void destroy() {
    }
}
