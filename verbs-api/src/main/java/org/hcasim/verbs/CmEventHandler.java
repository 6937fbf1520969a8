package org.hcasim.verbs;

/** Receives connection manager events; runs at thread priority on the host's CM work queue. */
@FunctionalInterface
public interface CmEventHandler {
    void onEvent(CmEvent event);
}
