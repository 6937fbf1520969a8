package org.hcasim.ulp.nvmeof.target;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.host.Host;

/**
 * nvmet's keep-alive of one controller, armed when the admin Connect's KATO is not 0 (nvmet_start_keep_alive_timer,
 * kato rounded up to seconds as nvmet_alloc_ctrl does): every kato the timer looks whether a command arrived on any
 * of the controller's queues since it last looked (traffic-based keep-alive, the Keep Alive command included:
 * nvmet_req_init sets reset_tbkas); if one did it waits another kato, if none did the controller is torn down, every
 * queue disconnected (nvmet_keep_alive_timer, nvmet_ctrl_fatal_error). It ends when the host disconnected every queue.
 */
final class ControllerKeepAlive {
    private final Host host;
    private final long katoNs;
    private final List<TargetQueue> queues = new ArrayList<>();
    private boolean seen;
    private boolean ended;

    ControllerKeepAlive(Host host, long katoMs) {
        this.host = host;
        this.katoNs = (katoMs + 999) / 1000 * 1_000_000_000L;
    }

    void add(TargetQueue q) {
        queues.add(q);
        if (queues.size() == 1) {
            arm();
        }
    }

    /** A command of the controller arrived (reset_tbkas). */
    void commandSeen() {
        seen = true;
    }

    private void arm() {
        host.timer(katoNs, 0, "nvmet keep-alive", this::expired);
    }

    private void expired() {
        if (ended) return;
        if (queues.stream().allMatch(TargetQueue::isDead)) { // nvmet_ctrl_free: the host let go of every queue
            ended = true;
            return;
        }
        if (seen) {
            seen = false;
            arm();
            return;
        }
        ended = true;
        host.dataFaults().caught("nvmet keep-alive timeout");
        for (TargetQueue q : queues) {
            q.fatal("controller keep-alive timed out after " + katoNs / 1_000_000_000L + " s");
        }
    }
}
