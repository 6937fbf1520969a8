package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.hcasim.host.Host;
import org.hcasim.message.MessageException;
import org.hcasim.message.MessageSocket;
import org.hcasim.verbs.Errno;
import org.junit.jupiter.api.Test;

/**
 * rds_sendmsg copies the data in before rds_send_queue_rm finds the send buffer full, so a sendmsg refused with
 * EAGAIN has paid its copy: a refused 8448-byte call costs the cached-copy rate of 8192 bytes more than a refused
 * 256-byte one.
 */
class RefusedSendCostTest {

    private MessageSocket socket;
    private long refusedLargeNs = -1;
    private long refusedSmallNs = -1;

    @Test
    void a_refused_sendmsg_has_paid_the_copy_of_its_data() {
        RdsHosts h = new RdsHosts(4, Map.of("rds.socket-sndbuf", "2048"));
        Host a = h.tb.host("a");
        RdsThread[] thread = new RdsThread[1];
        thread[0] = (RdsThread) h.a.thread("sender", 2, () -> {
            socket.send("b", 5000, null, 8448); // fills the 1024-byte limit at once
            refusedLargeNs = timeRefused(a, 8448);
            refusedSmallNs = timeRefused(a, 256);
            thread[0].pollWait();
        });
        socket = h.a.bind(4000, thread[0]);
        RdsThread receiver = (RdsThread) h.b.thread("receiver", 2, () -> { });
        h.b.bind(5000, receiver);
        thread[0].start();
        h.runUntil(1_000_000);

        long copyDifference = a.cpuCosts().ns(RdsIbEndpoint.MEMCPY_CACHED, 8448)
                - a.cpuCosts().ns(RdsIbEndpoint.MEMCPY_CACHED, 256);
        assertThat(copyDifference).isPositive();
        assertThat(refusedLargeNs - refusedSmallNs).isEqualTo(copyDifference);
    }

    private long timeRefused(Host host, int length) {
        long before = host.now();
        assertThatThrownBy(() -> socket.send("b", 5000, null, length))
                .isInstanceOfSatisfying(MessageException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EAGAIN));
        return host.now() - before;
    }
}
