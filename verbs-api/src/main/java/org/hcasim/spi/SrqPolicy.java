package org.hcasim.spi;

/** How a target shares receive queues (per QP, one per device, one per completion vector). Chosen by name. */
public interface SrqPolicy {
    String description();
}
