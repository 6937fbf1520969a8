package org.hcasim.verbs;

/**
 * RDMA connection manager of a device. Connection set-up takes simulated time (request, reply and
 * ready-to-use messages over the fabric); events arrive at thread priority on the host's CM work queue.
 */
public interface ConnectionManager {
    /**
     * rdma_listen: {@code handler} gets a CONNECT_REQUEST per incoming connect and then the ESTABLISHED
     * and DISCONNECTED events of the accepted ids. A service id already listened on fails with EEXIST.
     */
    CmListener listen(long serviceId, CmEventHandler handler);

    /**
     * rdma_connect to {@code serviceId} on {@code remoteHost} with {@code qp} (RESET or INIT, of this
     * device): the CM moves the QP to RTS when the peer accepts. {@code handler} gets ESTABLISHED,
     * REJECTED, UNREACHABLE and later DISCONNECTED.
     */
    CmId connect(String remoteHost, long serviceId, QueuePair qp, byte[] privateData, CmEventHandler handler);
}
