package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.hcasim.message.SocketThread;

/**
 * Random loss-free traffic between two hosts, with and without credit-based flow control, over one or several
 * connections: every datagram arrives once, whole, in order per socket pair, and every message is finally
 * acknowledged up to the last message that asked for an ACK, and credits never exceed the peer's receives.
 */
class RandomTrafficPropertiesTest {
    private static final int SOCKETS_PER_HOST = 4;

    /** One socket of the test, its thread, what it still has to send, and what it got. */
    private static final class Party {
        final String host;
        final int port;
        MessageSocket socket;
        SocketThread thread;
        final List<int[]> toSend = new ArrayList<>(); // {peer index, length, number to that peer}
        final List<ReceivedDatagram> got = new ArrayList<>();
        int sent;

        Party(String host, int port) {
            this.host = host;
            this.port = port;
        }
    }

    static byte[] content(String host, int port, int number, int length) {
        byte[] b = new byte[length];
        Random r = new Random(host.hashCode() * 31L + port * 7919L + number);
        r.nextBytes(b);
        return b;
    }

    @Property(tries = 12)
    void every_datagram_arrives_once_whole_and_in_order(@ForAll long seed, @ForAll boolean flowControl,
                                                        @ForAll @IntRange(min = 1, max = 3) int connections) {
        RdsHosts h = new RdsHosts(8, Map.of("rds.ib.flow-control", Boolean.toString(flowControl),
                "rds.ib.connections-per-peer", Integer.toString(connections),
                "rds.ib.send-wrs", "32", "rds.ib.recv-wrs", "64")); // small rings: the ring-full and refill paths run
        List<Party> parties = new ArrayList<>();
        for (String host : List.of("a", "b")) {
            for (int i = 0; i < SOCKETS_PER_HOST; i++) {
                parties.add(new Party(host, 5000 + i));
            }
        }
        Random rnd = new Random(seed);
        Map<String, Integer> expected = new HashMap<>();
        for (Party p : parties) {
            RdsIbEndpoint e = h.endpoint(p.host);
            Party self = p;
            p.thread = e.thread(p.host + p.port, 1 + parties.indexOf(p) % SOCKETS_PER_HOST, () -> body(self, parties));
            p.socket = e.bind(p.port, p.thread);
            int n = 20 + rnd.nextInt(40);
            int[] perPeer = new int[parties.size()];
            for (int i = 0; i < n; i++) {
                int peer = otherHostParty(parties, p, rnd);
                int length = rnd.nextInt(5) == 0 ? 0 : rnd.nextInt(13_000);
                p.toSend.add(new int[] {peer, length, perPeer[peer]++});
                expected.merge(p.host + p.port + ">" + parties.get(peer).port, 1, Integer::sum);
            }
        }
        for (int i = 0; i < 400; i++) { // the threads wake every 25 us and send a few more
            long t = 25_000L * i;
            for (Party p : parties) {
                h.tb.simulation().loop().at(t, p.thread::start);
            }
        }
        h.runUntil(200_000_000L);

        Map<String, Integer> counted = new HashMap<>();
        for (Party receiver : parties) {
            Map<String, Integer> next = new HashMap<>();
            for (ReceivedDatagram d : receiver.got) {
                String pair = d.fromAddress() + d.fromPort() + ">" + receiver.port;
                int number = next.merge(pair, 1, Integer::sum) - 1;
                assertThat(d.data()).as("datagram %d of %s", number, pair)
                        .isEqualTo(content(d.fromAddress(), d.fromPort(), number, d.length()));
                counted.merge(pair, 1, Integer::sum);
            }
        }
        assertThat(counted).isEqualTo(expected);
        for (String host : List.of("a", "b")) {
            for (IbConnection c : h.endpoint(host).connectionsTo(host.equals("a") ? "b" : "a")) {
                if (c != null) {
                    IbConnection.Stats st = c.stats();
                    assertThat(st.queued()).isZero();
                    // rds_send_xmit's counter, set to rds.max-unacked-packets (8) by a message that asks for an ACK, lets
                    // 8 more go before the next one asks: at most 8 stay unacknowledged once the traffic stops
                    assertThat(st.unacknowledged()).as("messages after the last one that asked for an ACK")
                            .isLessThanOrEqualTo(8);
                    if (flowControl) {
                        assertThat(st.sendCredits()).as("credits never exceed the peer's receive ring").isBetween(0, 64);
                    }
                    assertThat(c.stats().duplicates()).isZero();
                    assertThat(c.stats().badHeaders()).isZero();
                }
            }
        }
    }

    private static int otherHostParty(List<Party> parties, Party p, Random rnd) {
        int base = p.host.equals("a") ? SOCKETS_PER_HOST : 0;
        return base + rnd.nextInt(SOCKETS_PER_HOST);
    }

    private static void body(Party p, List<Party> parties) {
        int budget = 3;
        while (p.sent < p.toSend.size() && budget-- > 0) {
            int[] m = p.toSend.get(p.sent);
            Party to = parties.get(m[0]);
            try {
                p.socket.send(to.host, to.port, content(p.host, p.port, m[2], m[1]), m[1]);
            } catch (org.hcasim.message.MessageException e) {
                if (e.errno() != org.hcasim.verbs.Errno.EAGAIN) {
                    throw e;
                }
                break; // the send buffer is full: poll waits for the peer's ACK to make room
            }
            p.sent++;
        }
        ReceivedDatagram d;
        while ((d = p.socket.receive()) != null) {
            p.got.add(d);
        }
        p.thread.pollWait();
    }
}
