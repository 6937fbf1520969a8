package org.hcasim.block;

import java.util.Objects;

/**
 * One block I/O: {@code blocks} logical blocks starting at {@code lba}, data at {@code dataIova} in
 * the initiator host's memory ({@code blocks * blockSize} bytes, contiguous). A {@link BlockOp#FLUSH} moves no
 * data: lba 0, 0 blocks, no buffers ({@link #flush()}).
 *
 * @param metadataIova host buffer of the protection information ({@code blocks * 8} bytes, one
 *     T10-DIF tuple per block), or {@link #NO_METADATA}. Needed when the device has PI and
 *     {@link PiControl#deviceGenerates()} is false: on write the host supplies the tuples, on read the
 *     device returns them there.
 * @param pi what the device does with protection information ({@link PiControl#NONE} without PI)
 */
public record BlockRequest(BlockOp op, long lba, int blocks, long dataIova, long metadataIova, PiControl pi) {

    public static final long NO_METADATA = -1;

    public BlockRequest {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(pi, "pi");
        if (lba < 0) throw new IllegalArgumentException("negative lba " + lba);
        if (op == BlockOp.FLUSH) {
            if (lba != 0 || blocks != 0 || metadataIova != NO_METADATA) {
                throw new IllegalArgumentException("a flush moves no data: lba 0, 0 blocks, no metadata");
            }
        } else if (blocks <= 0) {
            throw new IllegalArgumentException("blocks must be > 0, got " + blocks);
        }
    }

    /** A flush of the device's volatile write cache. */
    public static BlockRequest flush() {
        return new BlockRequest(BlockOp.FLUSH, 0, 0, NO_METADATA, NO_METADATA, PiControl.NONE);
    }

    /** A request without protection information. */
    public static BlockRequest of(BlockOp op, long lba, int blocks, long dataIova) {
        return new BlockRequest(op, lba, blocks, dataIova, NO_METADATA, PiControl.NONE);
    }

    public boolean hasMetadata() {
        return metadataIova != NO_METADATA;
    }

    public long dataBytes(BlockFormat format) {
        return (long) blocks * format.blockSize();
    }
}
