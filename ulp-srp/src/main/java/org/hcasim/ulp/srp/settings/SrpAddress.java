package org.hcasim.ulp.srp.settings;

/**
 * Where an SRP target listens: host (or {@code host/device}) and the RDMA CM service id, the port of
 * ib_srpt's {@code rdma_cm_port} (5555 unless the address names another).
 */
public record SrpAddress(String host, long serviceId) {
    /** ib_srpt's rdma_cm_port as commonly configured (the module parameter has no default; 5555 is the usual one). */
    public static final int DEFAULT_PORT = 5555;

    /** Parses {@code host} or {@code host:port}; a bad port is an error naming the address. */
    public static SrpAddress parse(String address) {
        String a = address.strip();
        int colon = a.lastIndexOf(':');
        if (colon < 0) {
            return new SrpAddress(a, DEFAULT_PORT);
        }
        String port = a.substring(colon + 1);
        long p;
        try {
            p = Long.parseLong(port);
        } catch (NumberFormatException e) {
            p = -1;
        }
        if (p < 0 || p > 65_535 || colon == 0) {
            throw new IllegalArgumentException("srp target address '" + address + "': expected host[:port], port 0..65535");
        }
        return new SrpAddress(a.substring(0, colon), p);
    }

    @Override
    public String toString() {
        return host + ":" + serviceId;
    }
}
