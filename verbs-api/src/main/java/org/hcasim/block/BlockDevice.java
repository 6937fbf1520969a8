package org.hcasim.block;

/**
 * A block device as the initiator host's block layer sees it (for NVMe-oF {@code nvme0n1}, for
 * iSER/SRP {@code sdb}).
 */
public interface BlockDevice {

    /** Device name, e.g. {@code "nvme0n1"}; fio's {@code filename} selects a device by it or by index. */
    String name();

    /** Data bytes per logical block and the metadata/PI layout. */
    BlockFormat format();

    /** Capacity in logical blocks. */
    long capacityBlocks();

    default long capacityBytes() {
        return capacityBlocks() * format().blockSize();
    }

    /**
     * The largest data transfer one request may carry (the block queue's {@code max_hw_sectors_kb}); the initiator's
     * block layer splits larger I/O into requests of at most this size, as blk-mq does.
     */
    default long maxTransferBytes() {
        return Long.MAX_VALUE;
    }

    /**
     * Whether the transport under this device is in error recovery (resetting, reconnecting): its requests wait,
     * requeued and off the wire, until it is live again or gives up, so no I/O timeout runs for them (blk-mq times
     * only dispatched requests) and a stall watchdog must not count the wait.
     */
    default boolean recovering() {
        return false;
    }

    /**
     * Submits a request. Must be called inside a task on the initiator host; the submission path
     * charges its CPU to that task's core. {@code done} runs exactly once, later, inside a task on
     * the initiator host (typically the completion vector's core), and never from inside submit.
     * Invalid requests (range beyond capacity, misaligned, missing metadata buffer) complete with
     * an error status rather than throwing.
     */
    void submit(BlockRequest request, BlockCompletionHandler done);
}
