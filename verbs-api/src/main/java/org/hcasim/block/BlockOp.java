package org.hcasim.block;

/** Block operations. */
public enum BlockOp {
    READ,
    WRITE,
    /**
     * Make every completed write durable: the device's volatile write cache is flushed (NVMe Flush, SCSI
     * SYNCHRONIZE CACHE), what fsync(2) on a block device sends. It moves no data ({@link BlockRequest#flush()}).
     */
    FLUSH
}
