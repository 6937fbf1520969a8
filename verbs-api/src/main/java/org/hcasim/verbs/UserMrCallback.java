package org.hcasim.verbs;

/**
 * Told when a {@link ProtectionDomain#regUserMr user MR registration} returns: called in a task at thread
 * priority on the core that asked for it, as the registering thread resumes after the call.
 */
@FunctionalInterface
public interface UserMrCallback {
    void registered(MemoryRegion mr);
}
