package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hcasim.core.verbs.Pair.buffer;
import static org.hcasim.core.verbs.Pair.sge;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.SrqInit;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/** QP states, synchronous posting errors, RNR and transport retries. */
class QueuePairConformanceTest {

    private static WorkRequest.Send smallSend(Pair p) {
        long src = buffer(p.devA, 64, 1);
        return WorkRequest.Send.of(sge(src, 8, p.pdA.localDmaLkey()), p.toA(), SendFlag.SIGNALED);
    }

    @Test
    void newQpStartsInReset() {
        Pair p = Pair.unconnected(64, i -> i);
        assertThat(p.a.state()).isEqualTo(QpState.RESET);
    }

    @Test
    void postSendInResetFailsWithEinval() {
        Pair p = Pair.unconnected(64, i -> i);
        assertThatThrownBy(() -> p.a.postSend(smallSend(p))).isInstanceOf(VerbsException.class)
                .hasMessageContaining("RESET").hasMessageContaining("RTS");
    }

    @Test
    void postSendInInitAndRtrFailsWithEinval() {
        Pair p = Pair.unconnected(64, i -> i);
        p.a.modify(QpAttributes.toInit(AccessFlag.all()));
        assertThat(Pair.errnoOf(() -> p.a.postSend(smallSend(p)))).isEqualTo(Errno.EINVAL);
        p.a.modify(QpAttributes.toRtr(p.b.address(), 12));
        assertThat(Pair.errnoOf(() -> p.a.postSend(smallSend(p)))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void postRecvInResetFailsButWorksFromInit() {
        Pair p = Pair.unconnected(64, i -> i);
        long buf = buffer(p.devA, 64, 0);
        assertThat(Pair.errnoOf(() -> p.a.postRecv(p.recvA(buf, 64, p.pdA.localDmaLkey())))).isEqualTo(Errno.EINVAL);
        p.a.modify(QpAttributes.toInit(AccessFlag.all()));
        p.a.postRecv(p.recvA(buf, 64, p.pdA.localDmaLkey()));
    }

    @Test
    void illegalTransitionFromResetToRtrFails() {
        Pair p = Pair.unconnected(64, i -> i);
        assertThatThrownBy(() -> p.a.modify(QpAttributes.toRtr(p.b.address(), 12)))
                .isInstanceOf(VerbsException.class).hasMessageContaining("cannot go from RESET to RTR");
    }

    @Test
    void rtrWithoutRemoteAddressFails() {
        Pair p = Pair.unconnected(64, i -> i);
        p.a.modify(QpAttributes.toInit(AccessFlag.all()));
        assertThat(Pair.errnoOf(() -> p.a.modify(QpAttributes.toRtr(null, 12)))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void rnrRetryAboveSevenIsRejected() {
        Pair p = Pair.unconnected(64, i -> i);
        p.a.modify(QpAttributes.toInit(AccessFlag.all()));
        p.a.modify(QpAttributes.toRtr(p.b.address(), 12));
        assertThat(Pair.errnoOf(() -> p.a.modify(QpAttributes.toRts(14, 7, 8)))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void sendQueueFullFailsWithEnomemAndEarlierWrsStayPosted() {
        Pair p = Pair.unconnected(64, i -> i);
        p.a = p.pdA.createQp(QpInit.of(p.cqA, 2, 2, 1));
        p.b = p.pdB.createQp(QpInit.of(p.cqB, 2, 2, 1));
        VerbsTestbed.connect(p.a, p.b);
        long buf = buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.regMr(buf, 4096, AccessFlag.all());
        long src = buffer(p.devA, 64, 1);
        WorkRequest.RdmaWrite w = WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), buf, mr.rkey(), p.toA());
        VerbsException e = org.junit.jupiter.api.Assertions.assertThrows(VerbsException.class,
                () -> p.a.postSend(List.of(w, w, w)));
        assertThat(e.errno()).isEqualTo(Errno.ENOMEM);
        assertThat(p.a.outstandingSends()).isEqualTo(2);
    }

    @Test
    void unsignaledWrsHoldTheirSlotsUntilASignaledCompletion() {
        Pair p = Pair.unconnected(64, i -> i);
        p.a = p.pdA.createQp(QpInit.of(p.cqA, 2, 2, 1));
        p.b = p.pdB.createQp(QpInit.of(p.cqB, 2, 2, 1));
        VerbsTestbed.connect(p.a, p.b);
        long buf = buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.regMr(buf, 4096, AccessFlag.all());
        long src = buffer(p.devA, 64, 1);
        WorkRequest.RdmaWrite unsignaled = WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), buf,
                mr.rkey(), p.toA());
        p.a.postSend(List.of(unsignaled, unsignaled));
        p.run();
        assertThat(Pair.errnoOf(() -> p.a.postSend(unsignaled))).as("both slots still held").isEqualTo(Errno.ENOMEM);
    }

    @Test
    void aSignaledCompletionFreesTheSlotsOfEarlierUnsignaledWrs() {
        Pair p = Pair.unconnected(64, i -> i);
        p.a = p.pdA.createQp(QpInit.of(p.cqA, 2, 2, 1));
        p.b = p.pdB.createQp(QpInit.of(p.cqB, 2, 2, 1));
        VerbsTestbed.connect(p.a, p.b);
        long buf = buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.regMr(buf, 4096, AccessFlag.all());
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(List.of(WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), buf, mr.rkey(), p.toA()),
                WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), buf, mr.rkey(), p.toA(), SendFlag.SIGNALED)));
        p.run();
        p.a.postSend(List.of(WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), buf, mr.rkey(), p.toA()),
                WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), buf, mr.rkey(), p.toA())));
    }

    @Test
    void tooManySgesOnASendFailsWithEinval() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 4096, 1);
        List<Sge> five = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            five.add(new Sge(src + i * 8, 8, p.pdA.localDmaLkey()));
        }
        assertThatThrownBy(() -> p.a.postSend(WorkRequest.Send.of(five, p.toA())))
                .isInstanceOf(VerbsException.class).hasMessageContaining("5 SGEs");
    }

    @Test
    void tooManySgesOnAReceiveFailsWithEinval() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 4096, 0);
        List<Sge> five = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            five.add(new Sge(buf + i * 8, 8, p.pdB.localDmaLkey()));
        }
        assertThat(Pair.errnoOf(() -> p.b.postRecv(new WorkRequest.Recv(five, p.toB())))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void receiveQueueFullFailsWithEnomem() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 64, 0);
        for (int i = 0; i < 16; i++) {
            p.b.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        }
        assertThat(Pair.errnoOf(() -> p.b.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey())))).isEqualTo(Errno.ENOMEM);
    }

    @Test
    void inlineDataLargerThanMaxInlineFailsWithEinval() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 64, 1);
        assertThatThrownBy(() -> p.a.postSend(WorkRequest.Send.of(sge(src, 8, 0), p.toA(), SendFlag.INLINE)))
                .isInstanceOf(VerbsException.class).hasMessageContaining("inline");
    }

    @Test
    void rdmaReadCannotBeInline() {
        Pair p = Pair.unconnected(64, i -> i.withInline(64));
        VerbsTestbed.connect(p.a, p.b);
        long buf = buffer(p.devA, 64, 0);
        assertThat(Pair.errnoOf(() -> p.a.postSend(WorkRequest.RdmaRead.of(sge(buf, 8, p.pdA.localDmaLkey()), 0, 0,
                p.toA(), SendFlag.INLINE)))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void postRecvOnAQpWithAnSrqFails() {
        Pair p = Pair.connected();
        var srq = p.pdB.createSrq(new SrqInit(16, 1, 0));
        QueuePair withSrq = p.pdB.createQp(QpInit.of(p.cqB, 4, 4, 1).withSrq(srq));
        withSrq.modify(QpAttributes.toInit(AccessFlag.all()));
        long buf = buffer(p.devB, 64, 0);
        assertThatThrownBy(() -> withSrq.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey())))
                .isInstanceOf(VerbsException.class).hasMessageContaining("SRQ");
    }

    @Test
    void modifyToErrorFlushesOutstandingReceivesAndPostingInErrorFlushesAtOnce() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        p.b.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        p.b.modify(QpAttributes.toError());
        p.run();
        assertThat(Pair.statuses(p.doneB)).containsExactly(WcStatus.WR_FLUSH_ERR, WcStatus.WR_FLUSH_ERR);
        assertThat(p.doneB).allSatisfy(wc -> assertThat(wc.opcode()).isEqualTo(WcOpcode.RECV));
        long src = buffer(p.devB, 64, 0);
        p.b.postSend(WorkRequest.Send.of(sge(src, 8, p.pdB.localDmaLkey()), p.toB()));
        p.b.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        p.run();
        assertThat(Pair.statuses(p.doneB)).hasSize(4).containsOnly(WcStatus.WR_FLUSH_ERR);
    }

    @Test
    void resetDiscardsQueuedWorkWithoutCompletions() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        p.b.modify(QpAttributes.toReset());
        p.run();
        assertThat(p.doneB).isEmpty();
        assertThat(p.b.state()).isEqualTo(QpState.RESET);
    }

    @Test
    void noReceivePostedRetriesAfterRnrNaksThenFailsWithRnrRetryExceeded() {
        Pair p = Pair.unconnected(64, i -> i);
        VerbsTestbed.connect(p.a, p.b, 1, 2); // 10 us RNR timer, 2 retries
        long start = p.tb.now();
        p.a.postSend(smallSend(p));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.RNR_RETRY_EXC_ERR);
        assertThat(p.doneA.get(0).completedAtNs() - start).as("two RNR waits of 10 us")
                .isGreaterThanOrEqualTo(2 * IbTimers.rnrTimerNs(1));
        assertThat(p.a.state()).isEqualTo(QpState.ERR);
    }

    @Test
    void rnrRetryOfSevenRetriesForeverUntilAReceiveIsPosted() {
        Pair p = Pair.unconnected(64, i -> i);
        VerbsTestbed.connect(p.a, p.b, 1, 7);
        long dst = buffer(p.devB, 64, 0);
        p.a.postSend(smallSend(p));
        p.tb.runUntil(5_000_000); // 5 ms: hundreds of RNR NAKs of 10 us
        assertThat(p.doneA).isEmpty();
        p.b.postRecv(p.recvB(dst, 64, p.pdB.localDmaLkey()));
        p.tb.runUntil(10_000_000);
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(Pair.statuses(p.doneB)).containsExactly(WcStatus.SUCCESS);
    }

    @Test
    void afterAnRnrNakLaterRequestsAreResentInOrder() {
        Pair p = Pair.unconnected(64, i -> i);
        VerbsTestbed.connect(p.a, p.b, 1, 7);
        long dst = buffer(p.devB, 4096, 0);
        long src = buffer(p.devA, 64, 9);
        MemoryRegion remote = p.pdB.regMr(dst, 4096, AccessFlag.all());
        List<String> order = new ArrayList<>();
        p.a.postSend(List.of(
                WorkRequest.Send.of(sge(src, 8, p.pdA.localDmaLkey()), wc -> order.add("send " + wc.status()),
                        SendFlag.SIGNALED),
                WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), dst + 100, remote.rkey(),
                        wc -> order.add("write " + wc.status()), SendFlag.SIGNALED)));
        p.tb.runUntil(50_000);
        assertThat(Pair.read(p.devB, dst + 100, 8)).as("the write behind the blocked send waits").containsOnly(0);
        p.b.postRecv(p.recvB(dst, 64, p.pdB.localDmaLkey()));
        p.run();
        assertThat(order).containsExactly("send SUCCESS", "write SUCCESS");
        assertThat(Pair.read(p.devB, dst + 100, 8)).containsOnly(9);
    }

    @Test
    void peerQpInErrorLeadsToTransportRetryExceeded() {
        Pair p = Pair.unconnected(64, i -> i);
        VerbsTestbed.connect(p.a, p.b);
        p.a.modify(QpAttributes.toRts(1, 3, 7)); // 8 us ACK timeout, 3 retries
        p.b.modify(QpAttributes.toError());
        long start = p.tb.now();
        p.a.postSend(smallSend(p));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.RETRY_EXC_ERR);
        assertThat(p.doneA.get(0).completedAtNs() - start).isGreaterThanOrEqualTo(4 * IbTimers.ackTimeoutNs(1));
    }

    @Test
    void destroyedPeerLeadsToTransportRetryExceeded() {
        Pair p = Pair.unconnected(64, i -> i);
        VerbsTestbed.connect(p.a, p.b);
        p.a.modify(QpAttributes.toRts(1, 1, 7));
        p.b.destroy();
        p.a.postSend(smallSend(p));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.RETRY_EXC_ERR);
    }

    @Test
    void aResponderStillInRtrAcceptsRequestsAndReportsCommunicationEstablished() {
        Pair p = Pair.unconnected(64, i -> i);
        p.a.modify(QpAttributes.toInit(AccessFlag.all()));
        p.b.modify(QpAttributes.toInit(AccessFlag.all()));
        p.a.modify(QpAttributes.toRtr(p.b.address(), 12));
        p.b.modify(QpAttributes.toRtr(p.a.address(), 12));
        p.a.modify(QpAttributes.toRts(14, 7, 7));
        long dst = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(dst, 64, p.pdB.localDmaLkey()));
        p.a.postSend(smallSend(p));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(p.eventsB).extracting(e -> e.type()).containsExactly(AsyncEventType.COMM_EST);
    }

    @Test
    void qpCreationBeyondDeviceLimitsFails() {
        Pair p = Pair.connected();
        int maxSge = p.devA.attributes().maxSge();
        assertThat(Pair.errnoOf(() -> p.pdA.createQp(QpInit.of(p.cqA, 4, 4, maxSge + 1)))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void destroyingACqStillUsedByAQpFailsWithEbusy() {
        Pair p = Pair.connected();
        assertThat(Pair.errnoOf(p.cqA::destroy)).isEqualTo(Errno.EBUSY);
        p.a.destroy();
        p.cqA.destroy();
    }
}
