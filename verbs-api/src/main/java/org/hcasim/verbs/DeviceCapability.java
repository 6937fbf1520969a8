package org.hcasim.verbs;

/** Optional device capabilities ULPs test before using a feature. */
public enum DeviceCapability {
    /** Fast registration work requests (IB_DEVICE_MEM_MGT_EXTENSIONS). */
    MEM_MGT_EXTENSIONS,
    /** SG_GAPS (KLM) memory regions (IB_DEVICE_SG_GAPS_REG). */
    SG_GAPS_REG,
    /** Integrity MRs with T10-PI offload (IB_DEVICE_INTEGRITY_HANDOVER). */
    INTEGRITY_HANDOVER,
    /** Shared receive queues. */
    SRQ,
    /** Receiving SEND_WITH_INVALIDATE invalidates the named rkey. */
    REMOTE_INVALIDATE
}
