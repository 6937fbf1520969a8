package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.core.verbs.Pair.buffer;
import static org.hcasim.core.verbs.Pair.sge;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/** rdma_cm: listen, connect with private data, accept, reject, disconnect. */
class ConnectionManagerConformanceTest {
    private static final long SERVICE = 4420;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.US_ASCII);
    }

    private final List<String> passiveLog = new ArrayList<>();
    private final List<String> activeLog = new ArrayList<>();
    private CmId passiveId;

    /** Target on host b listens and accepts (or rejects) with its own QP. */
    private QueuePair listen(Pair p, boolean accept) {
        QueuePair targetQp = p.pdB.createQp(QpInit.of(p.cqB, 8, 8, 1));
        p.devB.connectionManager().listen(SERVICE, event -> {
            switch (event) {
                case CmEvent.ConnectRequest r -> {
                    passiveLog.add("request " + text(r.privateData()));
                    passiveId = r.id();
                    if (accept) {
                        r.id().accept(targetQp, bytes("welcome"));
                    } else {
                        r.id().reject(bytes("busy"));
                    }
                }
                case CmEvent.Established e -> passiveLog.add("established");
                case CmEvent.Disconnected d -> passiveLog.add("disconnected");
                default -> passiveLog.add(event.toString());
            }
        });
        return targetQp;
    }

    private CmId connect(Pair p, QueuePair qp, String host) {
        return p.devA.connectionManager().connect(host, SERVICE, qp, bytes("qid=1"), event -> {
            switch (event) {
                case CmEvent.Established e -> activeLog.add("established " + text(e.privateData()));
                case CmEvent.Rejected r -> activeLog.add("rejected " + text(r.privateData()));
                case CmEvent.Unreachable u -> activeLog.add("unreachable");
                case CmEvent.Disconnected d -> activeLog.add("disconnected");
                default -> activeLog.add(event.toString());
            }
        });
    }

    @Test
    void connectAndAcceptEstablishBothSidesWithPrivateDataAndQpsInRts() {
        Pair p = Pair.unconnected(64, i -> i);
        QueuePair target = listen(p, true);
        connect(p, p.a, "b");
        p.run();
        assertThat(passiveLog).containsExactly("request qid=1", "established");
        assertThat(activeLog).containsExactly("established welcome");
        assertThat(p.a.state()).isEqualTo(QpState.RTS);
        assertThat(target.state()).isEqualTo(QpState.RTS);
        assertThat(p.a.query().remote()).isEqualTo(target.address());
    }

    @Test
    void aMinRnrTimerSetOnEachIdIsWhatTheCmGivesItsQpAtRtrAndTheDefaultOtherwise() {
        Pair p = Pair.unconnected(64, i -> i);
        QueuePair target = p.pdB.createQp(QpInit.of(p.cqB, 8, 8, 1));
        p.devB.connectionManager().listen(SERVICE, event -> {
            if (event instanceof CmEvent.ConnectRequest r) {
                r.id().setMinRnrTimer(10); // rdma_set_min_rnr_timer(IB_RNR_TIMER_000_32) before rdma_accept
                r.id().accept(target, bytes("welcome"));
            }
        });
        connect(p, p.a, "b").setMinRnrTimer(8);
        p.run();
        assertThat(p.a.state()).isEqualTo(QpState.RTS);
        assertThat(p.a.query().minRnrTimer()).isEqualTo(8);
        assertThat(target.query().minRnrTimer()).isEqualTo(10);

        Pair q = Pair.unconnected(64, i -> i);
        QueuePair plain = listen(q, true);
        connect(q, q.a, "b");
        q.run();
        assertThat(q.a.query().minRnrTimer()).isEqualTo(CmDefaults.MIN_RNR_TIMER);
        assertThat(plain.query().minRnrTimer()).isEqualTo(CmDefaults.MIN_RNR_TIMER);
    }

    @Test
    void aMinRnrTimerOutsideFiveBitsIsRefused() {
        Pair p = Pair.unconnected(64, i -> i);
        listen(p, true);
        CmId id = connect(p, p.a, "b");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> id.setMinRnrTimer(32))
                .isInstanceOfSatisfying(VerbsException.class, e -> assertThat(e.errno()).isEqualTo(Errno.EINVAL))
                .hasMessageContaining("0..31");
    }

    @Test
    void aConnectionMadeByTheCmCarriesTraffic() {
        Pair p = Pair.unconnected(64, i -> i);
        QueuePair target = listen(p, true);
        connect(p, p.a, "b");
        p.run();
        long dst = buffer(p.devB, 64, 0);
        target.postRecv(p.recvB(dst, 64, p.pdB.localDmaLkey()));
        long src = buffer(p.devA, 64, 5);
        p.a.postSend(WorkRequest.Send.of(sge(src, 16, p.pdA.localDmaLkey()), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(p.doneA).extracting(WorkCompletion::status).containsExactly(WcStatus.SUCCESS);
        assertThat(Pair.read(p.devB, dst, 16)).containsOnly(5);
    }

    @Test
    void rejectDeliversTheRejectorsPrivateData() {
        Pair p = Pair.unconnected(64, i -> i);
        listen(p, false);
        connect(p, p.a, "b");
        p.run();
        assertThat(activeLog).containsExactly("rejected busy");
        assertThat(p.a.state()).isEqualTo(QpState.ERR);
    }

    @Test
    void connectToAServiceNobodyListensOnIsRejected() {
        Pair p = Pair.unconnected(64, i -> i);
        connect(p, p.a, "b");
        p.run();
        assertThat(activeLog).containsExactly("rejected ");
    }

    @Test
    void connectToAnUnknownHostIsUnreachable() {
        Pair p = Pair.unconnected(64, i -> i);
        connect(p, p.a, "nowhere");
        p.run();
        assertThat(activeLog).containsExactly("unreachable");
    }

    @Test
    void disconnectFlushesBothQpsAndNotifiesBothSides() {
        Pair p = Pair.unconnected(64, i -> i);
        QueuePair target = listen(p, true);
        CmId active = connect(p, p.a, "b");
        p.run();
        long buf = buffer(p.devB, 64, 0);
        target.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        active.disconnect();
        p.run();
        assertThat(activeLog).containsExactly("established welcome", "disconnected");
        assertThat(passiveLog).containsExactly("request qid=1", "established", "disconnected");
        assertThat(p.a.state()).isEqualTo(QpState.ERR);
        assertThat(target.state()).isEqualTo(QpState.ERR);
        assertThat(p.doneB).extracting(WorkCompletion::status).containsExactly(WcStatus.WR_FLUSH_ERR);
    }

    @Test
    void listeningTwiceOnTheSameServiceIdFailsWithEexist() {
        Pair p = Pair.unconnected(64, i -> i);
        p.devB.connectionManager().listen(SERVICE, e -> { });
        VerbsException e = org.junit.jupiter.api.Assertions.assertThrows(VerbsException.class,
                () -> p.devB.connectionManager().listen(SERVICE, ev -> { }));
        assertThat(e.errno()).isEqualTo(Errno.EEXIST);
    }

    @Test
    void connectWithAQpAlreadyInRtsFails() {
        Pair p = Pair.connected();
        VerbsException e = org.junit.jupiter.api.Assertions.assertThrows(VerbsException.class,
                () -> connect(p, p.a, "b"));
        assertThat(e.errno()).isEqualTo(Errno.EINVAL);
    }

    @Test
    void answeringARequestTwiceFails() {
        Pair p = Pair.unconnected(64, i -> i);
        listen(p, true);
        connect(p, p.a, "b");
        p.run();
        VerbsException e = org.junit.jupiter.api.Assertions.assertThrows(VerbsException.class,
                () -> passiveId.reject(new byte[0]));
        assertThat(e.getMessage()).contains("no connect request to answer");
    }
}
