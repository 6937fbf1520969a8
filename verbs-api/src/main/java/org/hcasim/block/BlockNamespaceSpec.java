package org.hcasim.block;

import java.util.Objects;

/**
 * One exported namespace (NVMe) or LUN (SCSI) of a target.
 *
 * @param name a name for messages, e.g. {@code "ns1"}
 * @param backstore where the blocks live
 * @param capacityBytes size in bytes (a multiple of the block size)
 * @param format block size and PI format
 * @param latencyNs time the backstore takes per request before completing it (0 = immediately)
 */
public record BlockNamespaceSpec(String name, Backstore backstore, long capacityBytes, BlockFormat format, long latencyNs) {

    public BlockNamespaceSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(backstore, "backstore");
        Objects.requireNonNull(format, "format");
        if (capacityBytes <= 0 || capacityBytes % format.blockSize() != 0) {
            throw new IllegalArgumentException("namespace " + name + ": capacity " + capacityBytes
                    + " must be a positive multiple of the block size " + format.blockSize());
        }
        if (latencyNs < 0) throw new IllegalArgumentException("namespace " + name + ": negative latency");
    }

    public long capacityBlocks() {
        return capacityBytes / format.blockSize();
    }
}
