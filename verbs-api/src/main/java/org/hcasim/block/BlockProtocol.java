package org.hcasim.block;

/** A block storage protocol's initiator and target roles. Grown by the fio workload issue. */
public interface BlockProtocol {
    String description();
}
