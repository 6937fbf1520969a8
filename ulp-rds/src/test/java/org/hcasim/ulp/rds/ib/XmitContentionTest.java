package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.host.CostTable;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.hcasim.message.SocketThread;
import org.hcasim.ulp.rds.settings.RdsCosts;
import org.junit.jupiter.api.Test;

/**
 * Two senders on one connection, on two cores, whose sendmsg calls reach rds_send_xmit at the same instant
 * (net/rds send.c): with rds.ib.in-xmit-contention the second finds RDS_IN_XMIT held, returns without touching the
 * queue, and the holder sends its message after its release (the restart that cp_send_gen allows); with
 * rds.ib.krdsd-send-work its -ENOMEM also queues cp_send_w, which runs at the next jiffy tick and finds nothing
 * left; with rds.ib.cp-lock-contention the second spins on cp_lock while the first holds it.
 */
class XmitContentionTest {

    private static final long JIFFY_NS = 1_000_000;
    private static final long CONNECTED_NS = 20_000_000;

    /** A thread that sends one 8448-byte datagram tagged with its number each time it is started. */
    private static final class Sender {
        final Host host;
        final byte tag;
        MessageSocket socket;
        SocketThread thread;
        long sentAt;
        long tookNs;
        /** CPU work the thread does after its sendmsg, in the same task. */
        long afterNs;

        Sender(Host host, int tag) {
            this.host = host;
            this.tag = (byte) tag;
        }

        void body() {
            byte[] data = new byte[8448];
            data[0] = tag;
            sentAt = host.now();
            socket.send("b", 5000, data, data.length);
            tookNs = host.now() - sentAt;
            if (afterNs > 0) {
                host.charge(afterNs);
            }
            thread.pollWait();
        }
    }

    private record Run(RdsHosts hosts, IbConnection connection, Sender first, Sender second, List<Byte> received) {
    }

    /** Connects with one datagram of sender 1, then starts both senders at the same instant. */
    private static Run twoSenders(Map<String, String> settings, long untilNs) {
        return senders(settings, untilNs, 0, -1);
    }

    /**
     * As {@link #twoSenders}, sender 1 working {@code firstAfterNs} more after its sendmsg, and a third sender (core 3)
     * started {@code thirdAtNs} after the two (none when negative).
     */
    private static Run senders(Map<String, String> settings, long untilNs, long firstAfterNs, long thirdAtNs) {
        CostTable base = EngineCosts.withoutCachePollution();
        Map<String, Long> ns = new HashMap<>(base.perOperation());
        ns.put(IbConnection.JIFFY, JIFFY_NS);
        RdsHosts h = new RdsHosts(4, settings, PayloadMode.REAL, new CostTable(ns, base.perByte()));
        Host a = h.tb.host("a");
        List<Byte> received = new ArrayList<>();
        SocketThread[] receiver = new SocketThread[1];
        MessageSocket[] in = new MessageSocket[1];
        receiver[0] = h.b.thread("receiver", 2, () -> {
            ReceivedDatagram d;
            while ((d = in[0].receive()) != null) {
                received.add(d.data()[0]);
            }
            receiver[0].pollWait();
        });
        in[0] = h.b.bind(5000, receiver[0]);
        receiver[0].start();
        Sender first = new Sender(a, 1);
        Sender second = new Sender(a, 2);
        first.thread = h.a.thread("sender1", 1, first::body);
        second.thread = h.a.thread("sender2", 2, second::body);
        first.socket = h.a.bind(4001, first.thread);
        second.socket = h.a.bind(4002, second.thread);
        first.thread.start();
        h.runUntil(CONNECTED_NS);
        received.clear();
        first.afterNs = firstAfterNs;
        first.thread.start();
        second.thread.start();
        if (thirdAtNs >= 0) {
            Sender third = new Sender(a, 3);
            third.thread = h.a.thread("sender3", 3, third::body);
            third.socket = h.a.bind(4003, third.thread);
            h.runUntil(CONNECTED_NS + thirdAtNs);
            third.thread.start();
        }
        h.runUntil(untilNs);
        return new Run(h, h.a.connectionsTo("b")[0], first, second, received);
    }

    private static final List<String> KEYS =
            List.of("rds.ib.in-xmit-contention", "rds.ib.krdsd-send-work", "rds.ib.cp-lock-contention");

    /** The three contention keys, only {@code keys} on. */
    private static Map<String, String> on(String... keys) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : KEYS) {
            m.put(k, "false");
        }
        for (String k : keys) {
            m.put(k, "true");
        }
        return m;
    }

    @Test
    void the_sender_that_finds_rds_in_xmit_held_leaves_its_message_to_the_holder() {
        Run r = twoSenders(on("rds.ib.in-xmit-contention"), 60_000_000);
        TransmitCounts t = r.connection().stats().transmit();
        assertThat(t.lost()).isGreaterThanOrEqualTo(1);
        assertThat(t.restarts()).isEqualTo(1); // the holder's restart after release_in_xmit sent it
        assertThat(r.received()).containsExactlyInAnyOrder((byte) 1, (byte) 2); // nothing lost, nothing twice
        assertThat(r.connection().stats().queued()).isZero();
        assertThat(r.hosts().b.connectionsTo("a")[0].stats().duplicates()).isZero();
        // the loser posted nothing: its sendmsg is shorter by at least the message's DMA map and fragment work
        RdsCosts c = r.connection().costs();
        long loser = Math.min(r.first().tookNs, r.second().tookNs);
        long holder = Math.max(r.first().tookNs, r.second().tookNs);
        assertThat(holder - loser).isGreaterThanOrEqualTo(c.dmaMap() + 3 * c.xmitFragment());
    }

    @Test
    void the_holders_restart_is_skipped_when_another_sender_took_the_bit_after_its_release() {
        // sender 1 holds the bit, sender 2 loses it; sender 1's task goes on for 50 us, so its restart waits, and
        // sender 3, 20 us later, takes the free bit and sends sender 2's message with its own: cp_send_gen moved
        Run r = senders(on("rds.ib.in-xmit-contention"), 60_000_000, 50_000, 20_000);
        TransmitCounts t = r.connection().stats().transmit();
        assertThat(t.lost()).isGreaterThanOrEqualTo(1);
        assertThat(t.raced()).isEqualTo(1);
        assertThat(t.restarts()).isZero();
        assertThat(r.received()).containsExactlyInAnyOrder((byte) 1, (byte) 2, (byte) 3);
        assertThat(r.connection().stats().queued()).isZero();
    }

    @Test
    void without_contention_both_senders_post_their_own_message() {
        Run r = twoSenders(on(), 60_000_000);
        TransmitCounts t = r.connection().stats().transmit();
        assertThat(t.lost()).isZero();
        assertThat(t.restarts()).isZero();
        assertThat(r.received()).containsExactlyInAnyOrder((byte) 1, (byte) 2);
        assertThat(r.first().tookNs).isEqualTo(r.second().tookNs);
    }

    @Test
    void the_losers_retry_on_krdsd_runs_at_the_next_jiffy_tick_and_finds_the_queue_empty() {
        Map<String, String> keys = on("rds.ib.in-xmit-contention", "rds.ib.krdsd-send-work");
        Run probe = twoSenders(keys, CONNECTED_NS + 1);
        long tick = (probe.second().sentAt / JIFFY_NS + 1) * JIFFY_NS;

        Run before = twoSenders(keys, tick - 1);
        assertThat(before.connection().stats().transmit().lost()).isGreaterThanOrEqualTo(1);
        assertThat(before.connection().stats().transmit().sendWorkerRuns()).isZero();

        Run after = twoSenders(keys, tick + JIFFY_NS / 2);
        TransmitCounts t = after.connection().stats().transmit();
        assertThat(t.sendWorkerRuns()).isEqualTo(1);
        assertThat(t.restarts()).isEqualTo(1);
        assertThat(after.connection().stats().fragmentsPosted())
                .isEqualTo(before.connection().stats().fragmentsPosted()); // the worker had nothing left to post
        assertThat(after.received()).containsExactlyInAnyOrder((byte) 1, (byte) 2);
    }

    @Test
    void a_sender_that_queues_while_another_holds_cp_lock_spins_for_its_hold() {
        Run contended = twoSenders(on("rds.ib.cp-lock-contention"), 60_000_000);
        Host a = contended.hosts().tb.host("a");
        long hold = a.cpuCosts().ns(CpuCosts.LOCK_ACQUIRE) + a.cpuCosts().ns(CpuCosts.QUEUE_LOCK_HOLD);
        long spread = Math.abs(contended.first().tookNs - contended.second().tookNs);
        assertThat(spread).isGreaterThanOrEqualTo(hold);
        assertThat(contended.connection().stats().transmit().cpLockExtraNs()).isGreaterThanOrEqualTo(hold);
        assertThat(contended.received()).containsExactlyInAnyOrder((byte) 1, (byte) 2);
    }
}
