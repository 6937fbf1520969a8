package org.hcasim.block;

/**
 * The storage behind one target namespace / LUN: plays the controller's part (range checks, PI
 * generation, checking, stripping) and completes after the namespace's latency.
 */
public interface BlockBackstore {

    BlockNamespaceSpec spec();

    /**
     * Executes {@code io}. Called inside a task on the target host; {@code done} runs later, at soft-IRQ
     * priority on {@code io.completionCore()}, after {@link BlockNamespaceSpec#latencyNs()}.
     */
    void execute(BackstoreIo io, BlockCompletionHandler done);
}
