package org.hcasim.verbs;

/**
 * RDMA connection manager of a device. Connection set-up takes simulated time (request, reply and
 * ready-to-use messages over the fabric); events arrive at thread priority on the host's CM work queue.
 */
public interface ConnectionManager {
    /**
     * rdma_listen on this device: {@code handler} gets a CONNECT_REQUEST per incoming connect and then the
     * ESTABLISHED and DISCONNECTED events of the accepted ids. A service id already listened on on this device
     * fails with EEXIST; each device of a host listens for itself (as each port has its own address).
     */
    CmListener listen(long serviceId, CmEventHandler handler);

    /**
     * rdma_connect to {@code serviceId} on {@code remoteHost} with {@code qp} (RESET or INIT, of this
     * device). {@code remoteHost} is a host name, which reaches that host's first device, or
     * {@code host/device} (e.g. {@code target/mlx5_1}), which reaches that device. The CM moves the QP to RTS when the peer accepts. {@code handler} gets ESTABLISHED,
     * REJECTED, UNREACHABLE and later DISCONNECTED.
     */
    CmId connect(String remoteHost, long serviceId, QueuePair qp, byte[] privateData, CmEventHandler handler);
}
