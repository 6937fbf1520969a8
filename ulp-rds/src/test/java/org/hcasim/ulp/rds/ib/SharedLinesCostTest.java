package org.hcasim.ulp.rds.ib;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.message.MessageSocket;
import org.hcasim.message.ReceivedDatagram;
import org.junit.jupiter.api.Test;

/**
 * recvmsg on a thread's core reads the incoming struct (two cache lines) and one struct per fragment that the
 * receive tasklet wrote on its own core: a message of three fragments costs two line transfers more to read than
 * one of a single fragment, beside its longer copy.
 */
class SharedLinesCostTest {

    private MessageSocket receiver;
    private final List<long[]> reads = new ArrayList<>(); // {length, ns}

    @Test
    void reading_a_message_built_on_another_core_fetches_its_incoming_and_fragment_lines() {
        RdsHosts h = new RdsHosts(4, Map.of(), PayloadMode.REAL, EngineCosts.withoutCachePollution());
        Host b = h.tb.host("b");
        MessageSocket[] sender = new MessageSocket[1];
        RdsThread send = (RdsThread) h.a.thread("sender", 3, () -> {
            sender[0].send("b", 5000, null, 8448);
            sender[0].send("b", 5000, null, 256);
        });
        sender[0] = h.a.bind(4000, send);
        RdsThread[] read = new RdsThread[1];
        read[0] = (RdsThread) h.b.thread("receiver", 3, () -> {
            while (true) {
                long before = b.now();
                ReceivedDatagram d = receiver.receive();
                if (d == null) {
                    break;
                }
                reads.add(new long[] {d.length(), b.now() - before});
            }
            read[0].pollWait();
        });
        receiver = h.b.bind(5000, read[0]);
        read[0].start();
        send.start();
        h.runUntil(50_000_000);

        assertThat(reads).extracting(r -> r[0]).containsExactly(8448L, 256L);
        int core = 3;
        long line = b.lineTransferNs(0, core); // the tasklet's vector core is not the thread's
        assertThat(line).isPositive();
        long copyDifference = b.cpuCosts().ns(CpuCosts.MEMCPY, 8448) - b.cpuCosts().ns(CpuCosts.MEMCPY, 256);
        assertThat(reads.get(0)[1] - reads.get(1)[1]).isEqualTo(copyDifference + 2 * line);
    }
}
