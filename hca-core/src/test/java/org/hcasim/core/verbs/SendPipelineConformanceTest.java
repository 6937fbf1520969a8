package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.core.verbs.Pair.buffer;
import static org.hcasim.core.verbs.Pair.read;
import static org.hcasim.core.verbs.Pair.sge;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.profile.Profiles;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * The requester's send pipeline (docs/mechanisms.md section 10): a QP keeps several WQEs between fetch and
 * transmission, reads the WQEs it finds posted in one PCIe read, and still sends in posting order with consecutive
 * PSNs; fences, unsignaled slots and go-back-N keep their meaning.
 */
class SendPipelineConformanceTest {
    private static final int IN_FLIGHT = Profiles.hca("connectx5").params().sendPipeline().wqesInFlightPerQp();

    /** {@code count} SENDs of {@code size(i)} bytes filled with i + 1, one receive of 64 KiB each at b. */
    private static List<WorkRequest.Send> sends(Pair p, int count, java.util.function.IntUnaryOperator size,
                                                boolean signalAll) {
        List<WorkRequest.Send> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int length = size.applyAsInt(i);
            long src = buffer(p.devA, length, i + 1);
            SendFlag[] flags = signalAll || i == count - 1 ? new SendFlag[] {SendFlag.SIGNALED} : new SendFlag[0];
            out.add(WorkRequest.Send.of(sge(src, length, p.pdA.localDmaLkey()), p.toA(), flags));
        }
        return out;
    }

    private static List<Long> receiveBuffers(Pair p, int count) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long dst = buffer(p.devB, 65536, 0);
            out.add(dst);
            p.b.postRecv(p.recvB(dst, 65536, p.pdB.localDmaLkey()));
        }
        return out;
    }

    private static Requester requester(Pair p) {
        return ((SimQueuePair) p.a).requester();
    }

    @Test
    void aDoorbellIssuesUpToTheProfilesWqesInFlightAtOnce() {
        Pair p = Pair.connected();
        receiveBuffers(p, 16);
        p.a.postSend(sends(p, 16, i -> 64, true));
        p.tb.simulation().loop().runUntil(() -> requester(p).inFlight() > 0);
        assertThat(IN_FLIGHT).isGreaterThan(1);
        assertThat(requester(p).inFlight()).isEqualTo(IN_FLIGHT);
        p.run();
        assertThat(Pair.statuses(p.doneA)).hasSize(16).containsOnly(WcStatus.SUCCESS);
        assertThat(requester(p).inFlight()).isZero();
    }

    @Test
    void sendsLeaveInPostingOrderWhenALaterGatherFinishesFirst() {
        Pair p = Pair.connected();
        List<Long> dst = receiveBuffers(p, 9);
        // a 64 KiB gather first, then eight 64-byte ones that are read long before it has arrived
        p.a.postSend(sends(p, 9, i -> i == 0 ? 65536 : 64, true));
        p.run();
        assertThat(p.doneA).extracting(wc -> wc.status()).hasSize(9).containsOnly(WcStatus.SUCCESS);
        assertThat(p.doneB).hasSize(9);
        for (int i = 0; i < 9; i++) {
            assertThat(p.doneB.get(i).byteLength()).isEqualTo(i == 0 ? 65536 : 64);
            assertThat(read(p.devB, dst.get(i), 1)[0]).as("receive %d holds SEND %d", i, i).isEqualTo((byte) (i + 1));
        }
        List<Long> times = p.doneA.stream().map(wc -> wc.completedAtNs()).toList();
        assertThat(times).isSorted();
    }

    @Test
    void wqesFoundPostedWhenTheHcaReadsAreReadTogether() {
        assertThat(wqeReads(0)).as("four SENDs posted before the HCA reads: one read").isEqualTo(1);
        assertThat(wqeReads(20_000)).as("four SENDs posted 20 us apart: a read each").isEqualTo(4);
    }

    @Test
    void aSendPostedLaterInATaskLeavesNoEarlierThanItsOwnDoorbell() {
        Pair p = Pair.connected();
        receiveBuffers(p, 2);
        List<WorkRequest.Send> two = sends(p, 2, i -> 64, true);
        p.run(); // connected: the QP's move to RTS has rung the doorbell already
        var host = p.devA.host();
        long start = p.tb.now();
        // one task posts a SEND, works 20 us, posts another: the body runs at once, the second post is stamped later
        host.run(0, org.hcasim.host.Priority.THREAD, "poster", () -> {
            p.a.postSend(two.get(0));
            host.charge(20_000);
            p.a.postSend(two.get(1));
        });
        p.run();
        assertThat(p.doneB).hasSize(2);
        long first = p.doneB.get(0).completedAtNs();
        long second = p.doneB.get(1).completedAtNs();
        assertThat(first - start).as("the first SEND goes at once").isLessThan(20_000);
        assertThat(second - start).as("the second waits for the doorbell its post rang 20 us into the task")
                .isGreaterThan(20_000);
    }

    /** The sender's WQE reads for four SENDs posted {@code gapNs} apart. */
    private static long wqeReads(long gapNs) {
        Pair p = Pair.connected();
        receiveBuffers(p, 4);
        List<WorkRequest.Send> four = sends(p, 4, i -> 64, false);
        p.run(); // the QP's move to RTS has rung the doorbell once already
        for (WorkRequest.Send s : four) {
            p.a.postSend(s);
            p.tb.runUntil(p.tb.now() + gapNs);
        }
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        return requester(p).wqeReads();
    }

    @Test
    void aFencedWriteInAChainWaitsForTheReadBeforeItWhileTheSendBetweenDoesNot() {
        Pair p = Pair.connected();
        long remote = buffer(p.devB, 8192, 0);
        Pair.mem(p.devB).write(remote, new byte[] {7, 7, 7, 7}, 0, 4);
        MemoryRegion mr = p.pdB.regMr(remote, 8192, AccessFlag.all());
        long local = buffer(p.devA, 64, 1);
        long dst = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(dst, 64, p.pdB.localDmaLkey()));
        int lkey = p.pdA.localDmaLkey();
        p.a.postSend(List.of(
                WorkRequest.RdmaRead.of(sge(local, 4, lkey), remote, mr.rkey(), p.toA(), SendFlag.SIGNALED),
                WorkRequest.Send.of(sge(local, 4, lkey), p.toA(), SendFlag.SIGNALED),
                WorkRequest.RdmaWrite.of(sge(local, 4, lkey), remote + 4096, mr.rkey(), p.toA(), SendFlag.SIGNALED,
                        SendFlag.FENCE)));
        p.run();
        assertThat(p.doneA).extracting(wc -> wc.opcode())
                .containsExactly(WcOpcode.RDMA_READ, WcOpcode.SEND, WcOpcode.RDMA_WRITE);
        assertThat(Pair.statuses(p.doneA)).containsOnly(WcStatus.SUCCESS);
        assertThat(read(p.devB, dst, 4)).as("the SEND left before the read data came back").containsOnly(1);
        assertThat(read(p.devB, remote + 4096, 4)).as("the fenced WRITE gathered the read's data").containsOnly(7);
    }

    @Test
    void aChainOfUnsignaledSendsHoldsItsSlotsUntilItsSignaledLastCompletes() {
        Pair p = Pair.connected();
        receiveBuffers(p, 16);
        p.a.postSend(sends(p, 16, i -> 64, false)); // 15 unsignaled and a signaled last: the QP's 16 slots
        assertThat(Pair.errnoOf(() -> p.a.postSend(sends(p, 1, i -> 64, true)))).isEqualTo(org.hcasim.verbs.Errno.ENOMEM);
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        receiveBuffers(p, 16);
        p.a.postSend(sends(p, 16, i -> 64, false)); // every slot is free again
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS, WcStatus.SUCCESS);
        assertThat(p.doneB).hasSize(32).extracting(wc -> wc.status()).containsOnly(WcStatus.SUCCESS);
    }

    @Test
    void afterAnRnrNakInTheMiddleOfAChainEverySendArrivesOnceAndInOrder() {
        Pair p = Pair.unconnected(64, i -> i);
        VerbsTestbed.connect(p.a, p.b, 1, 7); // 10 us RNR timer, retry forever
        List<Long> dst = new ArrayList<>(receiveBuffers(p, 3));
        p.a.postSend(sends(p, 8, i -> 64 + 64 * i, true));
        p.tb.runUntil(p.tb.now() + 50_000);
        assertThat(p.doneB).as("three receives were posted").hasSize(3);
        dst.addAll(receiveBuffers(p, 5));
        p.run();
        assertThat(p.doneA).hasSize(8).extracting(wc -> wc.status()).containsOnly(WcStatus.SUCCESS);
        assertThat(p.doneB).hasSize(8);
        for (int i = 0; i < 8; i++) {
            assertThat(p.doneB.get(i).byteLength()).isEqualTo(64 + 64 * i);
            assertThat(read(p.devB, dst.get(i), 1)[0]).isEqualTo((byte) (i + 1));
        }
    }

    @Test
    void aChainLostOnTheWayIsSentAgainWhenItsAckTimerExpires() {
        Pair p = Pair.unconnected(64, i -> i);
        // a is ready to send, b is not yet ready to receive: the first transmission of the chain is lost
        for (var qp : List.of(p.a, p.b)) {
            qp.modify(QpAttributes.toInit(AccessFlag.all()));
        }
        p.a.modify(QpAttributes.toRtr(p.b.address(), 1));
        p.a.modify(QpAttributes.toRts(CmDefaults.TIMEOUT, CmDefaults.RETRY, 7));
        List<Long> dst = receiveBuffers(p, 8);
        p.a.postSend(sends(p, 8, i -> 128, true));
        p.tb.runUntil(p.tb.now() + 20_000);
        assertThat(p.doneA).isEmpty();
        p.b.modify(QpAttributes.toRtr(p.a.address(), 1));
        p.b.modify(QpAttributes.toRts(CmDefaults.TIMEOUT, CmDefaults.RETRY, 7));
        p.run();
        assertThat(p.doneA).hasSize(8).extracting(wc -> wc.status()).containsOnly(WcStatus.SUCCESS);
        assertThat(p.doneB).hasSize(8);
        for (int i = 0; i < 8; i++) {
            assertThat(read(p.devB, dst.get(i), 1)[0]).isEqualTo((byte) (i + 1));
        }
    }
}
