package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.hcasim.message.MessageSocket;
import org.junit.jupiter.api.Test;

/**
 * rds_send_remove_from_sock wakes the socket's one wait queue whatever its sleeper waits for: a thread asleep in
 * poll with nothing to read is woken when the peer's ACK frees its send buffer, finds nothing ready and sleeps again
 * without running its body.
 */
class SendBufferWakeupTest {

    private int bodyRuns;
    private int received;
    private MessageSocket socket;
    private RdsThread thread;

    private void body() {
        bodyRuns++;
        // the first run brings the connection up; the second sends past rds.max-unacked-packets (8), so its last one
        // (the tenth message) asks for an ACK and the ACK covers every message: the sends leave one by one, so a
        // message after it would wait for the next ACK
        for (int i = 0; i < (bodyRuns == 1 ? 1 : 9); i++) {
            socket.send("b", 5000, new byte[256], 256);
        }
        thread.pollWait();
    }

    @Test
    void the_acks_release_of_the_send_buffer_wakes_the_poller_which_sleeps_again() {
        RdsHosts h = new RdsHosts(4, Map.of());
        thread = (RdsThread) h.a.thread("sender", 2, this::body);
        socket = h.a.bind(4000, thread);
        RdsThread[] receiver = new RdsThread[1];
        MessageSocket[] inbox = new MessageSocket[1];
        receiver[0] = (RdsThread) h.b.thread("receiver", 2, () -> {
            while (inbox[0].receive() != null) {
                received++;
            }
            receiver[0].pollWait();
        });
        inbox[0] = h.b.bind(5000, receiver[0]);
        receiver[0].start();
        thread.start();
        h.runUntil(20_000_000);
        long before = thread.wakeups();
        thread.start(); // from its sleep in poll: the second run
        h.runUntil(40_000_000);

        assertThat(received).isEqualTo(10);
        assertThat(h.a.connectionsTo("b")[0].stats().unacknowledged()).isZero();
        assertThat(thread.wakeups() - before).isPositive();
        assertThat(thread.spuriousWakeups()).isEqualTo(thread.wakeups());
        assertThat(bodyRuns).isEqualTo(2);
    }
}
