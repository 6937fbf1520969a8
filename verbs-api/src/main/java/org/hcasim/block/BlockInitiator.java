package org.hcasim.block;

import java.util.List;
import java.util.function.Consumer;

/** The initiator role of a block protocol: connects to a target and exposes its block devices. */
public interface BlockInitiator {

    /**
     * Connects to the target (login, queue setup). Called once, outside any task. Exactly one of the
     * callbacks runs later, inside a task on the initiator host: {@code connected} once
     * {@link #devices()} is final, or {@code failed} with one line saying what went wrong.
     */
    void connect(Runnable connected, Consumer<String> failed);

    /** The block devices exposed after connecting, in the target's namespace / LUN order. */
    List<BlockDevice> devices();
}
