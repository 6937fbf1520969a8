package org.hcasim.verbs;

/** Per-request completion callback (ib_cqe.done), called with the request's completion. */
@FunctionalInterface
public interface CompletionCallback {
    void done(WorkCompletion completion);

    /** A callback that ignores the completion. */
    CompletionCallback IGNORE = wc -> { };
}
