package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.host.Host;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.SocketThread;
import org.junit.jupiter.api.Test;

/**
 * With rds.ib.connection-line-sharing, a sendmsg after the tasklets have handled the previous message fetches the
 * connection's lines they wrote: struct rds_conn_path's two (rds_send_drop_acked, the send tasklet's rds_send_xmit),
 * the send ring's counters (rds_ib_send_cqe_handler) and the ACK state (rds_ib_attempt_ack).
 */
class ConnectionLinesCostTest {

    private static long secondSendNs(boolean sharing) {
        // cp_lock and RDS_IN_XMIT uncontended: the lock model would charge cp_lock's line itself (one PATH line fewer)
        RdsHosts h = new RdsHosts(4, Map.of("rds.ib.connection-line-sharing", Boolean.toString(sharing),
                        "rds.ib.cp-lock-contention", "false", "rds.ib.in-xmit-contention", "false"),
                PayloadMode.REAL, EngineCosts.withoutCachePollution());
        Host a = h.tb.host("a");
        long[] took = new long[1];
        int[] runs = new int[1];
        MessageSocket[] out = new MessageSocket[1];
        SocketThread[] sender = new SocketThread[1];
        sender[0] = h.a.thread("sender", 1, () -> {
            long before = a.now();
            out[0].send("b", 5000, new byte[256], 256);
            if (++runs[0] == 2) {
                took[0] = a.now() - before;
            }
            sender[0].pollWait();
        });
        out[0] = h.a.bind(4000, sender[0]);
        h.startDrainingReceiver(5000);
        sender[0].start();
        h.runUntil(20_000_000); // connected, the first message sent, completed and acknowledged
        sender[0].start();
        h.runUntil(40_000_000);
        assertThat(runs[0]).isEqualTo(2);
        return took[0];
    }

    @Test
    void a_send_after_the_tasklets_ran_fetches_the_path_ring_and_ack_lines() {
        long line = new RdsHosts(4, Map.of()).tb.host("a").lineTransferNs(0, 1);
        assertThat(line).isPositive();
        assertThat(secondSendNs(true) - secondSendNs(false))
                .isEqualTo((SharedLines.PATH + SharedLines.SEND_RING + SharedLines.ACK) * line);
    }
}
