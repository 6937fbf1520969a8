package org.hcasim.verbs;

/** An RDMA device (HCA port as the kernel sees it). Grown by the verbs engine issue. */
public interface RdmaDevice {
    String name();
}
