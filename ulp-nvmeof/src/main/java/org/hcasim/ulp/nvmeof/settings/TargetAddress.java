package org.hcasim.ulp.nvmeof.settings;

/**
 * Where a target listens: host name and RDMA CM service id (the NVMe/RDMA port, 4420 by default), and the
 * subsystem NQN the host connects to.
 */
public record TargetAddress(String host, long serviceId) {

    /** The IANA port of NVMe over Fabrics. */
    public static final int DEFAULT_PORT = 4420;

    /** Parses {@code host} or {@code host:port}; a bad port is an error naming the address. */
    public static TargetAddress parse(String address) {
        String a = address.strip();
        int colon = a.lastIndexOf(':');
        if (colon < 0) {
            return new TargetAddress(a, DEFAULT_PORT);
        }
        String port = a.substring(colon + 1);
        try {
            long p = Long.parseLong(port);
            if (p < 0 || p > 65_535) {
                throw new NumberFormatException();
            }
            if (colon == 0) {
                throw new IllegalArgumentException("nvmeof target address '" + address + "' has no host name");
            }
            return new TargetAddress(a.substring(0, colon), p);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("nvmeof target address '" + address + "': port '" + port
                    + "' is not a number 0..65535");
        }
    }

    public String subsystemNqn() {
        return "nqn.2026-11.org.hcasim:" + host;
    }

    @Override
    public String toString() {
        return host + ":" + serviceId;
    }
}
