package org.hcasim.fio;

import java.util.function.BiConsumer;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockOp;

/** One of a job's {@code iodepth} I/O slots: its buffers (in host memory and as bytes) and the I/O it carries now. */
final class IoSlot {
    final long dataIova;
    final long metadataIova;
    final byte[] buf;
    BlockOp op;
    JobRegion region;
    long offset;
    int length;
    long prepNs;
    long submittedNs;
    BlockCompletion completion;
    JobRegion.Written expected;
    /** The {@link CorruptionOracle}'s note: a write's block hashes, a read's block versions. */
    long[] oracleNote;
    /** The device's completion of this slot's I/O: one handler per slot, not a lambda per I/O. */
    final BlockCompletionHandler done;

    IoSlot(long dataIova, long metadataIova, int maxBs, BiConsumer<IoSlot, BlockCompletion> onCompletion) {
        this.dataIova = dataIova;
        this.metadataIova = metadataIova;
        this.buf = new byte[maxBs];
        this.done = c -> onCompletion.accept(this, c);
    }
}
