package org.hcasim.host;

/** Named CPU costs of a host profile, in nanoseconds (e.g. {@code "irq.entry"}, {@code "doorbell.mmio"}). */
public interface CpuCosts {
    /** The cost of a named operation; an unknown name is an error naming it. */
    long ns(String operation);

    /** CPU cost per byte for a named per-byte operation (e.g. {@code "crc.t10dif"}), in ns per byte. */
    double nsPerByte(String operation);
}
