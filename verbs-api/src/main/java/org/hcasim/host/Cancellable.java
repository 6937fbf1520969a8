package org.hcasim.host;

/** Handle of a scheduled timer or event. */
public interface Cancellable {
    /** Cancels it; returns false if it already ran or was cancelled. */
    boolean cancel();
}
