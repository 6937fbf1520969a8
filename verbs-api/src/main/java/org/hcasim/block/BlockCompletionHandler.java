package org.hcasim.block;

/** Called once per submitted {@link BlockRequest}, inside a task on the initiator host. */
@FunctionalInterface
public interface BlockCompletionHandler {
    void completed(BlockCompletion completion);
}
