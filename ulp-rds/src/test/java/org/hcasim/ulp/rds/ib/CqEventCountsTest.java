package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.hcasim.message.SocketThread;
import org.junit.jupiter.api.Test;

/** The endpoint's account of its CQ events, completions and thread wake-ups. */
class CqEventCountsTest {

    private static final int ROUNDS = 20;

    /** One side of a ping-pong: answers every datagram it gets (the first side also starts), for ROUNDS rounds. */
    private static final class Side {
        MessageSocket socket;
        SocketThread thread;
        String peer;
        int peerPort;
        boolean serves;
        int sent;
        int received;

        void body() {
            if (!serves && sent == 0) {
                send();
            }
            ReceivedDatagram d;
            while ((d = socket.receive()) != null) {
                received++;
                if (sent < ROUNDS) {
                    send();
                }
            }
            thread.pollWait();
        }

        private void send() {
            socket.send(peer, peerPort, null, 256);
            sent++;
        }
    }

    @Test
    void a_ping_pong_takes_one_receive_event_per_completion_and_wakes_the_sleeping_threads() {
        RdsHosts h = new RdsHosts(4, Map.of());
        Side a = side(h.a, "b", 5000, 4000, false);
        Side b = side(h.b, "a", 4000, 5000, true);
        b.thread.start();
        a.thread.start();
        h.runUntil(50_000_000);

        assertThat(a.received).isEqualTo(ROUNDS);
        CqEventCounts atB = h.b.eventCounts();
        // every 256-byte datagram is one solicited completion on a quiet CQ: an event of its own
        assertThat(atB.receiveCompletions()).isGreaterThanOrEqualTo(ROUNDS);
        assertThat(atB.receiveEvents()).isEqualTo(atB.receiveCompletions());
        assertThat(atB.receiveCompletionsPerEvent()).isEqualTo(1.0);
        assertThat(atB.sendEvents()).isPositive();
        assertThat(atB.sendCompletions()).isGreaterThanOrEqualTo(atB.sendEvents());
        // each datagram finds its thread asleep in poll
        assertThat(atB.wakeups()).isGreaterThanOrEqualTo(ROUNDS);
        assertThat(h.a.eventCounts().since(h.a.eventCounts())).isEqualTo(CqEventCounts.NONE);
    }

    private static Side side(RdsIbEndpoint endpoint, String peer, int peerPort, int port, boolean serves) {
        Side s = new Side();
        s.thread = endpoint.thread("side-" + port, 2, s::body);
        s.socket = endpoint.bind(port, s.thread);
        s.peer = peer;
        s.peerPort = peerPort;
        s.serves = serves;
        return s;
    }
}
