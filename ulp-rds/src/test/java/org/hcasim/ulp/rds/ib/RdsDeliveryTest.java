package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.hcasim.message.SocketThread;
import org.junit.jupiter.api.Test;

/** Datagrams through RDS sockets: delivered whole, in order, once, with their bytes. */
class RdsDeliveryTest {

    /** A thread with one socket that sends given datagrams, then records what arrives. */
    private static final class Peer {
        final List<ReceivedDatagram> received = new ArrayList<>();
        final List<byte[]> toSend = new ArrayList<>();
        String toAddress;
        int toPort;
        MessageSocket socket;
        SocketThread thread;

        void body() {
            for (byte[] d : toSend) {
                socket.send(toAddress, toPort, d, d.length);
            }
            toSend.clear();
            ReceivedDatagram r;
            while ((r = socket.receive()) != null) {
                received.add(r);
            }
            thread.pollWait();
        }
    }

    private static byte[] pattern(int length, int seed) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) (seed * 31 + i);
        }
        return b;
    }

    @Test
    void a_datagram_of_several_fragments_arrives_whole_with_its_bytes_and_sender() {
        RdsHosts h = new RdsHosts(4, Map.of());
        Peer sender = new Peer();
        Peer receiver = new Peer();
        sender.thread = h.a.thread("sender", 2, sender::body);
        receiver.thread = h.b.thread("receiver", 2, receiver::body);
        sender.socket = h.a.bind(4000, sender.thread);
        receiver.socket = h.b.bind(5000, receiver.thread);
        byte[] data = pattern(8448, 7);
        sender.toSend.add(data);
        sender.toAddress = "b";
        sender.toPort = 5000;
        receiver.thread.start();
        sender.thread.start();
        h.runUntil(50_000_000);

        assertThat(receiver.received).singleElement().satisfies(d -> {
            assertThat(d.fromAddress()).isEqualTo("a");
            assertThat(d.fromPort()).isEqualTo(4000);
            assertThat(d.length()).isEqualTo(8448);
            assertThat(d.data()).isEqualTo(data);
        });
    }
}
