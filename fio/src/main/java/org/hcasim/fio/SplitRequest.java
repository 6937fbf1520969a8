package org.hcasim.fio;

import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockRequest;

/**
 * An I/O larger than the device's maximum transfer, sent as the block layer's split (blk-mq's
 * {@code bio_split} at {@code max_hw_sectors}): consecutive requests of at most that size, one completion for
 * the I/O when the last part completes, the first failure if any part failed. Only such I/O pays for this object.
 */
final class SplitRequest implements BlockCompletionHandler {
    private final BlockCompletionHandler done;
    private int outstanding;
    private BlockCompletion failure;

    private SplitRequest(BlockCompletionHandler done, int parts) {
        this.done = done;
        this.outstanding = parts;
    }

    /** Whether {@code request} must be split for {@code device}. */
    static boolean needed(BlockRequest request, BlockDevice device) {
        return request.dataBytes(device.format()) > device.maxTransferBytes();
    }

    /** Submits the parts; returns how many. */
    static int submit(BlockDevice device, BlockRequest request, BlockCompletionHandler done) {
        BlockFormat format = device.format();
        int perPart = (int) Math.max(1, device.maxTransferBytes() / format.blockSize());
        int parts = (request.blocks() + perPart - 1) / perPart;
        SplitRequest split = new SplitRequest(done, parts);
        for (int first = 0; first < request.blocks(); first += perPart) {
            int blocks = Math.min(perPart, request.blocks() - first);
            long metadata = request.hasMetadata() ? request.metadataIova() + (long) first * BlockFormat.PI_TUPLE_BYTES
                    : BlockRequest.NO_METADATA;
            device.submit(new BlockRequest(request.op(), request.lba() + first, blocks,
                    request.dataIova() + (long) first * format.blockSize(), metadata, request.pi()), split);
        }
        return parts;
    }

    @Override
    public void completed(BlockCompletion c) {
        if (!c.ok() && failure == null) failure = c;
        if (--outstanding == 0) done.completed(failure == null ? BlockCompletion.SUCCESS : failure);
    }
}
