package org.hcasim.block;

import java.util.Objects;
import org.hcasim.host.HostMemory;

/**
 * One I/O a target hands to its backstore, with buffers in the target host's memory.
 *
 * @param memory the memory holding the buffers (the target host's)
 * @param dataIova {@code blocks * blockSize} bytes: the data to write, or where read data goes
 * @param metadataIova {@code blocks * 8} bytes of PI tuples, or {@link BlockRequest#NO_METADATA}
 *     when the device generates/strips PI ({@link PiControl#deviceGenerates()}) or has no PI
 * @param completionCore core on which the completion task runs
 */
public record BackstoreIo(BlockOp op, long lba, int blocks, HostMemory memory, long dataIova, long metadataIova,
                          PiControl pi, int completionCore) {
    public BackstoreIo {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(memory, "memory");
        Objects.requireNonNull(pi, "pi");
    }
}
