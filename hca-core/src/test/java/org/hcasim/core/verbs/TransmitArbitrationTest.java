package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.core.verbs.Pair.buffer;
import static org.hcasim.core.verbs.Pair.sge;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.hw.LinkParams;
import org.hcasim.core.hw.Port;
import org.hcasim.core.profile.HcaProfile;
import org.hcasim.core.profile.Profiles;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * The port's transmit arbitration (docs/decisions.md, "transmit arbitration"): the port takes one message of each QP
 * with work in turn, so the pipelined messages of one QP do not leave back to back while another QP waits, and a QP
 * alone still streams its messages without a gap.
 */
class TransmitArbitrationTest {

    /** {@code qps} connected QP pairs from host a to host b; receives on b record which pair they belong to. */
    private static final class Pairs {
        final VerbsTestbed tb;
        final SimRdmaDevice devA;
        final SimRdmaDevice devB;
        final ProtectionDomain pdA;
        final ProtectionDomain pdB;
        final List<QueuePair> senders = new ArrayList<>();
        final List<QueuePair> receivers = new ArrayList<>();
        /** The pair index of each receive completion on b, in completion order. */
        final List<Integer> arrivals = new ArrayList<>();
        final List<WorkCompletion> sent = new ArrayList<>();

        /** On ConnectX-5s whose ports run at {@code gbps}. */
        Pairs(int qps, int gbps) {
            Map<String, String> values = new LinkedHashMap<>(Profiles.hcaValues("connectx5"));
            values.put("hca.port.rate-gbps", Integer.toString(gbps));
            tb = VerbsTestbed.builder().hosts("a", "b").coresPerHost(2)
                    .hca(HcaProfile.fromValues("connectx5", "test", values).params()).build();
            devA = tb.device("a");
            devB = tb.device("b");
            pdA = devA.allocPd();
            pdB = devB.allocPd();
            CompletionQueue cqA = devA.createCq(CqInit.of(256, 1, PollContext.SOFTIRQ));
            CompletionQueue cqB = devB.createCq(CqInit.of(256, 1, PollContext.SOFTIRQ));
            for (int i = 0; i < qps; i++) {
                QueuePair a = pdA.createQp(QpInit.of(cqA, 16, 16, 4));
                QueuePair b = pdB.createQp(QpInit.of(cqB, 16, 16, 4));
                VerbsTestbed.connect(a, b);
                senders.add(a);
                receivers.add(b);
            }
            tb.run(); // the QPs are in RTS, nothing posted yet
        }

        /** Posts {@code count} SENDs of {@code size} bytes on pair {@code i}, one doorbell, and their receives. */
        void post(int i, int count, int size) {
            List<WorkRequest.Send> sends = new ArrayList<>();
            for (int k = 0; k < count; k++) {
                long dst = buffer(devB, size, 0);
                int pair = i;
                receivers.get(i).postRecv(new WorkRequest.Recv(sge(dst, size, pdB.localDmaLkey()),
                        wc -> arrivals.add(pair)));
                long src = buffer(devA, size, i + 1);
                sends.add(WorkRequest.Send.of(sge(src, size, pdA.localDmaLkey()), sent::add, SendFlag.SIGNALED));
            }
            senders.get(i).postSend(sends);
        }

        Port port() {
            return devA.hardware().port();
        }
    }

    @Test
    void twoQpsWithTwoMessagesEachLeaveInterleaved() {
        // 10 Gb/s ports: a 16 KiB message is on the wire for ~14 us, far longer than a QP needs to fetch and gather one
        Pairs p = new Pairs(2, 10);
        p.post(0, 2, 16_384);
        Port port = p.port();
        p.tb.simulation().loop().runUntil(() -> port.lastDeparture() != Long.MIN_VALUE);
        // QP 0's first message is on the wire and its second is ready behind it; QP 1's two are ready before it has left
        p.post(1, 2, 16_384);
        p.tb.run();
        assertThat(p.sent).extracting(WorkCompletion::status).hasSize(4).containsOnly(WcStatus.SUCCESS);
        assertThat(p.arrivals).as("one message of each QP in turn (the receives complete in arrival order: one size)")
                .containsExactly(0, 1, 0, 1);
    }

    @Test
    void aQpAloneStreamsItsMessagesWithoutAGap() {
        Pairs p = new Pairs(1, 100);
        p.post(0, 8, 4096);
        Port port = p.port();
        p.tb.simulation().loop().runUntil(() -> port.lastDeparture() != Long.MIN_VALUE);
        long first = port.lastDeparture();
        p.tb.run();
        LinkParams link = port.link();
        long perMessage = link.serializationNs(link.wireBytes(4096));
        assertThat(p.arrivals).hasSize(8);
        assertThat(port.lastDeparture() - first).as("the port never idles between the QP's messages")
                .isEqualTo(7 * perMessage);
    }
}
