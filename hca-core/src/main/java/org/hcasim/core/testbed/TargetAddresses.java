package org.hcasim.core.testbed;

/**
 * Addresses of a target's devices. A target's address is {@code host[:port]} and reaches the host's first RDMA
 * device, as a host name resolves to its first interface; {@code host/device[:port]} names one device (one port
 * of its HCA, as an IP address names one interface), which is how the connection manager routes to it.
 */
final class TargetAddresses {
    private TargetAddresses() {
    }

    /** {@code address} on device {@code index} (mlx5_0, mlx5_1, ...) of a target with {@code devices} devices. */
    static String onDevice(String address, int index, int devices) {
        if (devices == 1) return address;
        int colon = address.lastIndexOf(':');
        String host = colon < 0 ? address : address.substring(0, colon);
        String port = colon < 0 ? "" : address.substring(colon);
        return host + "/mlx5_" + index + port;
    }
}
