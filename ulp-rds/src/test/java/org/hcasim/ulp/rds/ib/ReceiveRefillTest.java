package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.SocketThread;
import org.junit.jupiter.api.Test;

/**
 * rds_ib_recv_cqe_handler refills the receive ring as soon as a completion leaves it at most half posted
 * (rds_ib_ring_low), inside the tasklet's pass, not after the pass.
 */
class ReceiveRefillTest {

    private int received;

    @Test
    void the_ring_is_refilled_at_the_completion_that_leaves_it_half_empty_not_at_the_end_of_the_pass() {
        RdsHosts h = new RdsHosts(4, Map.of("rds.ib.recv-wrs", "16"));
        MessageSocket[] out = new MessageSocket[1];
        SocketThread[] sender = new SocketThread[1];
        sender[0] = h.a.thread("sender", 2, () -> {
            // 12 fragments of 4 KiB, only the last solicited: one receive event, one pass of 12 completions
            out[0].send("b", 5000, new byte[12 * 4096], 12 * 4096);
            sender[0].pollWait();
        });
        out[0] = h.a.bind(4000, sender[0]);
        MessageSocket[] in = new MessageSocket[1];
        SocketThread[] receiver = new SocketThread[1];
        receiver[0] = h.b.thread("receiver", 2, () -> {
            while (in[0].receive() != null) {
                received++;
            }
            receiver[0].pollWait();
        });
        in[0] = h.b.bind(5000, receiver[0]);
        receiver[0].start();
        sender[0].start();
        h.runUntil(20_000_000);

        assertThat(received).isEqualTo(1);
        // the 8th completion left 8 of 16 posted: refilled to 16 there, so the last 4 completions leave 12; a refill
        // after the pass would have found 4 posted and left 16
        assertThat(h.b.connectionsTo("a")[0].stats().receivesPosted()).isEqualTo(12);
    }
}
