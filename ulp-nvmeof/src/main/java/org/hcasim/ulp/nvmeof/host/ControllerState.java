package org.hcasim.ulp.nvmeof.host;

/** The host's view of its controller (nvme_ctrl_state), as far as error recovery needs it. */
enum ControllerState {
    /** Connecting for the first time. */
    NEW,
    /** Queues connected: I/O is dispatched. */
    LIVE,
    /** A queue failed: the queues are being stopped and their commands cancelled. */
    RESETTING,
    /** Waiting for, or in, a reconnect attempt; I/O waits (requeued) until the controller is live again. */
    CONNECTING,
    /** Removed after ctrl_loss_tmo: every waiting and new I/O fails. */
    DELETING
}
