package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.SocketThread;
import org.hcasim.verbs.QpState;
import org.junit.jupiter.api.Test;

/**
 * RDS asks the CM for IB_RNR_TIMER_000_32 on both sides (rdma_set_min_rnr_timer before rdma_resolve_route and
 * before rdma_accept): a peer that finds the receive ring empty retries after 0.32 ms.
 */
class RnrTimerTest {

    @Test
    void both_ends_of_an_rds_connection_carry_rnr_timer_code_10() {
        RdsHosts h = new RdsHosts(4, Map.of());
        MessageSocket[] out = new MessageSocket[1];
        SocketThread[] sender = new SocketThread[1];
        sender[0] = h.a.thread("sender", 1, () -> {
            out[0].send("b", 5000, new byte[256], 256);
            sender[0].pollWait();
        });
        out[0] = h.a.bind(4000, sender[0]);
        h.startDrainingReceiver(5000);
        sender[0].start();
        h.runUntil(20_000_000);

        for (IbConnection c : new IbConnection[] {h.a.connectionsTo("b")[0], h.b.connectionsTo("a")[0]}) {
            assertThat(c.qp().state()).isEqualTo(QpState.RTS);
            assertThat(c.qp().query().minRnrTimer()).isEqualTo(IbConnection.MIN_RNR_TIMER).isEqualTo(10);
        }
    }
}
