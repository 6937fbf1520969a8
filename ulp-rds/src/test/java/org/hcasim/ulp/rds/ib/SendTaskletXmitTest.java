package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.SocketThread;
import org.junit.jupiter.api.Test;

/**
 * rds_ib_tasklet_fn_send calls rds_send_xmit after every pass of the send CQ unless the ring is still marked full,
 * also when nothing waits to be sent: the call takes RDS_IN_XMIT and looks at the send queue under cp_lock.
 */
class SendTaskletXmitTest {

    private static final long LOCK_NS = 1_000_000; // a lock so dear that the two acquisitions stand out

    @Test
    void a_send_pass_with_nothing_queued_still_takes_the_xmit_bit_and_looks_at_the_queue() {
        CostTable base = EngineCosts.withoutCachePollution();
        Map<String, Long> ns = new HashMap<>(base.perOperation());
        ns.put(CpuCosts.LOCK_ACQUIRE, LOCK_NS);
        RdsHosts h = new RdsHosts(4, Map.of(), PayloadMode.REAL, new CostTable(ns, base.perByte()));
        MessageSocket[] out = new MessageSocket[1];
        SocketThread[] sender = new SocketThread[1];
        sender[0] = h.a.thread("sender", 1, () -> {
            out[0].send("b", 5000, new byte[256], 256); // one fragment, signalled: one send-CQ pass
            sender[0].pollWait();
        });
        out[0] = h.a.bind(4000, sender[0]);
        h.startDrainingReceiver(5000);
        sender[0].start();
        h.runUntil(50_000_000);

        IbConnection c = h.a.connectionsTo("b")[0];
        assertThat(c.stats().unacknowledged()).isZero(); // delivered and acknowledged
        Host a = h.tb.host("a");
        int core = c.sendTaskletCore();
        assertThat(core).isNotNegative();
        // the pass found the message's completion and nothing queued: RDS_IN_XMIT and cp_lock, once each
        assertThat(a.busyNs(core, Priority.SOFT_IRQ)).isGreaterThanOrEqualTo(2 * LOCK_NS).isLessThan(3 * LOCK_NS);
    }
}
