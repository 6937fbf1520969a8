package org.hcasim.host;

import java.util.List;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WorkRequest;

/**
 * Tears a connection's QP and CQ down as a ULP does before it reconnects (ib_drain_qp, ib_destroy_qp, ib_free_cq):
 * the QP goes to ERR, a marker SEND is posted and flushed behind every completion the QP still has, and once the
 * marker's completion was polled (so no completion of the QP can reach a callback any more) the QP and then its CQ
 * are destroyed and {@code released} runs, where the ULP frees its MRs and buffers. In the host package because it
 * needs the host's tasks (verbs must not depend on host).
 */
public final class QpTeardown {
    private QpTeardown() {
    }

    /**
     * Drains {@code qp} and destroys it and {@code cq} (null: the CQ stays, e.g. shared); {@code released} runs after,
     * in a thread-priority task on core 0 of {@code host}.
     * Call it once per QP.
     */
    public static void drainAndDestroy(Host host, QueuePair qp, CompletionQueue cq, Runnable released) {
        Runnable destroy = () -> host.run(0, Priority.THREAD, "ib_drain_qp done", () -> {
            qp.destroy();
            if (cq != null) {
                cq.destroy();
            }
            released.run();
        });
        if (qp.state() != QpState.ERR) {
            qp.modify(QpAttributes.toError());
        }
        try {
            qp.postSend(WorkRequest.Send.of(List.of(), wc -> destroy.run(), SendFlag.SIGNALED));
        } catch (VerbsException full) {
            // no slot for the marker (its flushed WRs not yet retired): the flushes are due now, so destroy after them
            host.timer(0, 0, "ib_drain_qp", destroy);
        }
    }
}
