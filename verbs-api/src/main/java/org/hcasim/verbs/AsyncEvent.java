package org.hcasim.verbs;

/**
 * An asynchronous event. {@code source} is the object it concerns: a {@link QueuePair},
 * {@link CompletionQueue}, {@link SharedReceiveQueue} or the {@link RdmaDevice}.
 *
 * @param detail one line saying why, for logs and error messages
 */
public record AsyncEvent(AsyncEventType type, Object source, String detail) {
}
