package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hcasim.core.verbs.Pair.buffer;
import static org.hcasim.core.verbs.Pair.sge;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Priority;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.DeviceLimitException;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.CqPeriodMode;
import org.hcasim.verbs.Moderation;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.SrqInit;
import org.hcasim.verbs.SrqPool;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/** Completion queues (poll contexts, notification, moderation, overflow) and shared receive queues. */
class CompletionAndSrqConformanceTest {

    /** Posts {@code n} signaled 8-byte RDMA writes from a to b. */
    private static void writes(Pair p, QueuePair qp, int n, org.hcasim.verbs.CompletionCallback done) {
        long src = buffer(p.devA, 64, 1);
        long dst = buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.regMr(dst, 4096, AccessFlag.all());
        List<WorkRequest.RdmaWrite> wrs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            wrs.add(WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), dst, mr.rkey(), done, SendFlag.SIGNALED));
        }
        qp.postSend(wrs);
    }

    @Test
    void softIrqCqRunsCallbacksAtSoftIrqPriorityOnTheVectorsCore() {
        Pair p = Pair.connected();
        List<String> where = new ArrayList<>();
        writes(p, p.a, 1, wc -> where.add(p.devA.host().currentCore() + " " + p.devA.host().currentPriority()));
        p.run();
        assertThat(where).containsExactly("1 " + Priority.SOFT_IRQ); // vector 1 of 2 cores
    }

    @Test
    void workQueueCqRunsCallbacksAtThreadPriority() {
        Pair p = Pair.unconnected(64, i -> i);
        CompletionQueue wq = p.devA.createCq(CqInit.of(16, 0, PollContext.WORKQUEUE));
        p.a = p.pdA.createQp(QpInit.of(wq, 8, 8, 1));
        VerbsTestbed.connect(p.a, p.b);
        List<Priority> prio = new ArrayList<>();
        writes(p, p.a, 1, wc -> prio.add(p.devA.host().currentPriority()));
        p.run();
        assertThat(prio).containsExactly(Priority.THREAD);
    }

    @Test
    void directCqKeepsCompletionsUntilPolledAndAnArmedHandlerFiresInHardIrq() {
        Pair p = Pair.unconnected(64, i -> i);
        List<Priority> events = new ArrayList<>();
        CompletionQueue direct = p.devA.createCq(new CqInit(16, 0, PollContext.DIRECT,
                cq -> events.add(p.devA.host().currentPriority())));
        p.a = p.pdA.createQp(QpInit.of(direct, 8, 8, 1));
        VerbsTestbed.connect(p.a, p.b);
        List<WorkCompletion> got = new ArrayList<>();
        writes(p, p.a, 1, got::add);
        p.run();
        assertThat(got).isEmpty();
        assertThat(events).as("not armed: no event").isEmpty();
        assertThat(direct.pending()).isEqualTo(1);
        assertThat(direct.requestNotify(false)).as("a completion was already waiting").isTrue();
        assertThat(direct.processDirect(16)).isEqualTo(1);
        assertThat(got).hasSize(1);
        writes(p, p.a, 1, got::add);
        p.run();
        assertThat(events).containsExactly(Priority.HARD_IRQ);
        assertThat(direct.poll(10)).hasSize(1);
    }

    /** b's receive CQ is DIRECT and counts its events; a sends {@code flags}-flagged SENDs to it. */
    private static final class SolicitedSetup {
        final Pair p = Pair.unconnected(64, i -> i);
        final List<Priority> events = new ArrayList<>();
        final CompletionQueue recvCq = p.devB.createCq(new CqInit(16, 0, PollContext.DIRECT,
                cq -> events.add(p.devB.host().currentPriority())));

        SolicitedSetup() {
            p.b = p.pdB.createQp(QpInit.of(p.cqB, 8, 8, 1).withCqs(p.cqB, recvCq));
            VerbsTestbed.connect(p.a, p.b);
            long buf = buffer(p.devB, 4096, 0);
            for (int i = 0; i < 4; i++) {
                p.b.postRecv(p.recvB(buf + 64L * i, 64, p.pdB.localDmaLkey()));
            }
        }

        void send(SendFlag... flags) {
            long src = buffer(p.devA, 64, 7);
            java.util.Set<SendFlag> all = new java.util.HashSet<>(List.of(flags));
            all.add(SendFlag.SIGNALED);
            p.a.postSend(List.of(new WorkRequest.Send(sge(src, 16, p.pdA.localDmaLkey()), java.util.OptionalInt.empty(),
                    all, p.toA())));
            p.run();
        }
    }

    @Test
    void armedSolicitedOnlyAReceiveOfAnUnsolicitedSendCompletesWithoutAnEvent() {
        SolicitedSetup s = new SolicitedSetup();
        assertThat(s.recvCq.requestNotify(true)).isFalse();
        s.send();
        assertThat(s.recvCq.pending()).isEqualTo(1);
        assertThat(s.events).isEmpty();
    }

    @Test
    void armedSolicitedOnlyTheReceiveOfASolicitedSendRaisesTheEvent() {
        SolicitedSetup s = new SolicitedSetup();
        s.recvCq.requestNotify(true);
        s.send();
        s.send(SendFlag.SOLICITED);
        assertThat(s.recvCq.pending()).isEqualTo(2);
        assertThat(s.events).containsExactly(Priority.HARD_IRQ);
    }

    @Test
    void armedForTheNextCompletionAnUnsolicitedReceiveRaisesTheEvent() {
        SolicitedSetup s = new SolicitedSetup();
        s.recvCq.requestNotify(false);
        s.send();
        assertThat(s.events).containsExactly(Priority.HARD_IRQ);
    }

    @Test
    void armedSolicitedOnlyAnErrorCompletionRaisesTheEvent() {
        SolicitedSetup s = new SolicitedSetup();
        s.recvCq.requestNotify(true);
        s.p.b.modify(org.hcasim.verbs.QpAttributes.toError()); // flushes the posted receives
        s.p.run();
        assertThat(s.recvCq.poll(16)).allMatch(wc -> wc.status() == WcStatus.WR_FLUSH_ERR).isNotEmpty();
        assertThat(s.events).containsExactly(Priority.HARD_IRQ);
    }

    @Test
    void requestNotifyOnAnEngineDrivenCqIsRejected() {
        Pair p = Pair.connected();
        assertThat(Pair.errnoOf(() -> p.cqA.requestNotify(false))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void moderationByCountBatchesInterrupts() {
        int unmoderated = interruptsFor(0, 0);
        int moderated = interruptsFor(8, 1000);
        assertThat(moderated).isLessThan(unmoderated);
        assertThat(moderated).isGreaterThanOrEqualTo(1);
    }

    private static int interruptsFor(int count, int periodUs) {
        Pair p = Pair.connected();
        p.cqA.modifyModeration(count, periodUs);
        List<WorkCompletion> got = new ArrayList<>();
        // 5 us apart, so each completion comes after the pass that reaped the one before has ended
        for (int i = 0; i < 16; i++) {
            p.devA.loop().at(i * 5_000L, () -> writes(p, p.a, 1, got::add));
        }
        p.run();
        assertThat(got).hasSize(16);
        return (int) ((SimCompletionQueue) p.cqA).events();
    }

    @Test
    void aCqeWrittenWhileItsPassRunsIsReapedByThatPassWithoutAnotherEvent() {
        Pair p = Pair.connected();
        List<Long> reapedAt = new ArrayList<>();
        List<String> where = new ArrayList<>();
        writes(p, p.a, 1, first -> {
            reapedAt.add(p.devA.host().now());
            writes(p, p.a, 1, second -> {
                reapedAt.add(p.devA.host().now());
                where.add(p.devA.host().currentCore() + " " + p.devA.host().currentPriority());
            });
            p.devA.host().charge(20_000); // the pass is still running when the second write completes
        });
        p.run();
        assertThat(reapedAt).hasSize(2);
        assertThat(reapedAt.get(1) - reapedAt.get(0)).as("reaped after the first pass's work").isGreaterThanOrEqualTo(20_000);
        assertThat(((SimCompletionQueue) p.cqA).events()).as("one interrupt for both").isEqualTo(1);
        assertThat(where).containsExactly("1 " + Priority.SOFT_IRQ);
    }

    @Test
    void aPassAndItsContinuationAreOneKernelPollCallForThePassListener() {
        Pair p = Pair.connected();
        List<String> calls = recordPasses(p.cqA);
        assertThat(secondWriteCompletesWhileTheFirstPassRuns(p)).as("one interrupt for both").isEqualTo(1);
        assertThat(calls).containsExactly("pass 1", "continued 1");
    }

    @Test
    void aListenerThatDoesNotTellContinuationsApartSeesThemAsPasses() {
        Pair p = Pair.connected();
        List<Integer> passes = new ArrayList<>();
        p.cqA.setPollPassListener((cq, n, now) -> passes.add(n));
        assertThat(secondWriteCompletesWhileTheFirstPassRuns(p)).isEqualTo(1);
        assertThat(passes).containsExactly(1, 1);
    }

    /**
     * The first write's callback posts a second and keeps its pass busy until the second has completed; returns
     * the CQ's events.
     */
    private static long secondWriteCompletesWhileTheFirstPassRuns(Pair p) {
        List<WorkCompletion> got = new ArrayList<>();
        writes(p, p.a, 1, first -> {
            got.add(first);
            writes(p, p.a, 1, got::add);
            p.devA.host().charge(20_000);
        });
        p.run();
        assertThat(got).hasSize(2);
        return ((SimCompletionQueue) p.cqA).events();
    }

    /** A listener telling passes and continuations apart. */
    private static List<String> recordPasses(CompletionQueue cq) {
        List<String> calls = new ArrayList<>();
        cq.setPollPassListener(new CompletionQueue.PollPassListener() {
            @Override public void pollPass(CompletionQueue q, int n, long now) { calls.add("pass " + n); }
            @Override public void passContinued(CompletionQueue q, int n, long now) { calls.add("continued " + n); }
        });
        return calls;
    }

    @Test
    void withPollBatchesACqeWrittenAfterThePassesLastPollWaitsForTheReArmAndRaisesItsOwnEvent() {
        Pair p = Pair.connected();
        p.devA.simHost().cqPollBatches(true);
        List<String> calls = recordPasses(p.cqA);
        // the pass polled once (one CQE, less than a batch of 16): the second CQE is left for the HCA's event at re-arm
        assertThat(secondWriteCompletesWhileTheFirstPassRuns(p)).as("an event each").isEqualTo(2);
        assertThat(calls).containsExactly("pass 1", "pass 1");
    }

    @Test
    void moderationPeriodDeliversAPartialBatch() {
        Pair p = Pair.connected();
        // CQE period mode: the event waits for completions to pause (EQE mode would fire on the first at once)
        p.cqA.modifyModeration(new Moderation(64, 50, CqPeriodMode.RESTART_ON_CQE));
        List<WorkCompletion> got = new ArrayList<>();
        writes(p, p.a, 3, got::add);
        p.run();
        assertThat(got).hasSize(3);
        assertThat(((SimCompletionQueue) p.cqA).events()).isEqualTo(1);
    }

    @Test
    void modifyModerationIsAFirmwareCommand() {
        Pair p = Pair.connected();
        var firmware = p.devA.hardware().firmware();
        long before = firmware.count(org.hcasim.core.hw.FirmwareCommand.MODIFY_CQ);
        p.cqA.modifyModeration(16, 8);
        assertThat(firmware.count(org.hcasim.core.hw.FirmwareCommand.MODIFY_CQ) - before).isEqualTo(1);
    }

    @Test
    void pollPassListenerSeesTheCompletionsOfEachPass() {
        Pair p = Pair.connected();
        List<Integer> passes = new ArrayList<>();
        p.cqA.setPollPassListener((cq, n, now) -> passes.add(n));
        List<WorkCompletion> got = new ArrayList<>();
        writes(p, p.a, 5, got::add);
        p.run();
        assertThat(passes.stream().mapToInt(Integer::intValue).sum()).isEqualTo(5);
        assertThat(passes).isNotEmpty();
    }

    @Test
    void aPollBudgetSplitsAPassAndEachPartIsReported() {
        Pair p = Pair.unconnected(64, i -> i);
        CompletionQueue small = p.devA.createCq(CqInit.of(64, 1, PollContext.SOFTIRQ).withPollBudget(4));
        p.a = p.pdA.createQp(QpInit.of(small, 16, 16, 4));
        VerbsTestbed.connect(p.a, p.b);
        List<Integer> passes = new ArrayList<>();
        small.setPollPassListener((cq, n, now) -> passes.add(n));
        small.modifyModeration(new Moderation(10, 1000, CqPeriodMode.RESTART_ON_CQE)); // one event for all ten
        List<WorkCompletion> got = new ArrayList<>();
        writes(p, p.a, 10, got::add);
        p.run();
        assertThat(small.pollBudget()).isEqualTo(4);
        assertThat(got).hasSize(10);
        assertThat(passes).containsExactly(4, 4, 2);
    }

    @Test
    void theDefaultBudgetsAreTheKernels() {
        Pair p = Pair.connected();
        assertThat(p.cqA.pollBudget()).isEqualTo(256);
        assertThat(p.devA.createCq(CqInit.of(4, 0, PollContext.WORKQUEUE)).pollBudget()).isEqualTo(65_536);
    }

    @Test
    void aUlpPollingItsOwnDirectCqReportsItsPassesToTheListener() {
        Pair p = Pair.unconnected(64, i -> i);
        CompletionQueue direct = p.devA.createCq(CqInit.of(16, 0, PollContext.DIRECT));
        List<Integer> passes = new ArrayList<>();
        direct.setPollPassListener((cq, n, now) -> passes.add(n));
        direct.reportPollPass(3);
        direct.reportPollPass(0);
        assertThat(passes).containsExactly(3, 0);
        assertThat(Pair.errnoOf(() -> direct.reportPollPass(-1))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void moderationIncludingItsPeriodModeIsKeptAndOutOfRangeValuesAreRefused() {
        Pair p = Pair.connected();
        var m = new org.hcasim.verbs.Moderation(8, 16, org.hcasim.verbs.CqPeriodMode.RESTART_ON_CQE);
        p.cqA.modifyModeration(m);
        assertThat(p.cqA.moderation()).isEqualTo(m);
        assertThat(Pair.errnoOf(() -> p.cqA.modifyModeration(1, 4096))).isEqualTo(Errno.EINVAL);
        assertThat(Pair.errnoOf(() -> p.cqA.modifyModeration(65_536, 1))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void cqOverflowRaisesAnAsyncCqErrorAndMovesItsQpsToError() {
        Pair p = Pair.unconnected(64, i -> i);
        CompletionQueue tiny = p.devA.createCq(new CqInit(2, 0, PollContext.DIRECT, null));
        p.a = p.pdA.createQp(QpInit.of(tiny, 8, 8, 1));
        VerbsTestbed.connect(p.a, p.b);
        writes(p, p.a, 3, wc -> { });
        p.run();
        assertThat(p.eventsA).extracting(e -> e.type()).contains(AsyncEventType.CQ_ERR, AsyncEventType.QP_FATAL);
        assertThat(p.eventsA.get(0).detail()).contains("did not fit");
        assertThat(((SimCompletionQueue) tiny).lostCompletions()).isPositive();
        assertThat(p.a.state()).isEqualTo(QpState.ERR);
    }

    @Test
    void asyncEventsWithoutAHandlerAreKeptNotLost() {
        Pair p = Pair.unconnected(64, i -> i);
        p.devA.setAsyncEventHandler(null);
        CompletionQueue tiny = p.devA.createCq(new CqInit(1, 0, PollContext.DIRECT, null));
        p.a = p.pdA.createQp(QpInit.of(tiny, 8, 8, 1));
        VerbsTestbed.connect(p.a, p.b);
        writes(p, p.a, 2, wc -> { });
        p.run();
        assertThat(p.devA.unhandledAsyncEvents()).extracting(e -> e.type()).contains(AsyncEventType.CQ_ERR);
    }

    @Test
    void requestsBeyondADeviceLimitNameTheProfileKeyAndMistakesBelowTheMinimumDoNot() {
        Pair p = Pair.connected();
        int maxCqe = p.devA.attributes().maxCqe();
        assertThatThrownBy(() -> p.devA.createCq(CqInit.of(maxCqe + 1, 0, PollContext.SOFTIRQ)))
                .isInstanceOf(DeviceLimitException.class).hasMessageContaining("hca.verbs.max-cqe")
                .extracting(e -> ((DeviceLimitException) e).limitKey()).isEqualTo("hca.verbs.max-cqe");
        int maxWr = p.devA.attributes().maxQpWr();
        assertThatThrownBy(() -> p.pdA.createQp(QpInit.of(p.cqA, maxWr + 1, 4, 1)))
                .isInstanceOf(DeviceLimitException.class).hasMessageContaining("hca.verbs.max-qp-wr");
        int maxSrqWr = p.devA.attributes().maxSrqWr();
        assertThatThrownBy(() -> p.pdA.createSrq(new SrqInit(maxSrqWr + 1, 1, 0)))
                .isInstanceOf(DeviceLimitException.class).hasMessageContaining("hca.verbs.max-srq-wr");
        // a CQ of no entries is the caller's mistake, not a limit of the profile
        assertThatThrownBy(() -> p.devA.createCq(CqInit.of(0, 0, PollContext.SOFTIRQ)))
                .isInstanceOf(VerbsException.class).isNotInstanceOf(DeviceLimitException.class);
    }

    @Test
    void createCqOnAMissingCompletionVectorFails() {
        Pair p = Pair.connected();
        assertThat(Pair.errnoOf(() -> p.devA.createCq(CqInit.of(16, 2, PollContext.SOFTIRQ)))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void srqIsSharedByTwoQpsAndServesThemInPostingOrder() {
        Pair p = Pair.unconnected(64, i -> i);
        SharedReceiveQueue srq = p.pdB.createSrq(new SrqInit(16, 1, 0));
        QueuePair b1 = p.pdB.createQp(QpInit.of(p.cqB, 4, 0, 1).withSrq(srq));
        QueuePair b2 = p.pdB.createQp(QpInit.of(p.cqB, 4, 0, 1).withSrq(srq));
        QueuePair a1 = p.pdA.createQp(QpInit.of(p.cqA, 4, 4, 1));
        QueuePair a2 = p.pdA.createQp(QpInit.of(p.cqA, 4, 4, 1));
        VerbsTestbed.connect(a1, b1);
        VerbsTestbed.connect(a2, b2);
        long buf = buffer(p.devB, 128, 0);
        List<String> got = new ArrayList<>();
        srq.postRecv(List.of(new WorkRequest.Recv(sge(buf, 64, p.pdB.localDmaLkey()), wc -> got.add("first via " + (wc.qp() == b1 ? "b1" : "b2"))),
                new WorkRequest.Recv(sge(buf + 64, 64, p.pdB.localDmaLkey()), wc -> got.add("second via " + (wc.qp() == b1 ? "b1" : "b2")))));
        long src = buffer(p.devA, 64, 1);
        a2.postSend(WorkRequest.Send.of(sge(src, 8, p.pdA.localDmaLkey()), p.toA()));
        p.run();
        a1.postSend(WorkRequest.Send.of(sge(src, 8, p.pdA.localDmaLkey()), p.toA()));
        p.run();
        assertThat(got).containsExactly("first via b2", "second via b1");
        assertThat(srq.available()).isZero();
    }

    @Test
    void srqLimitEventFiresOnceWhenAvailableReceivesFallBelowTheLimit() {
        Pair p = Pair.unconnected(64, i -> i);
        SharedReceiveQueue srq = p.pdB.createSrq(new SrqInit(16, 1, 0));
        p.b = p.pdB.createQp(QpInit.of(p.cqB, 4, 0, 1).withSrq(srq));
        VerbsTestbed.connect(p.a, p.b);
        long buf = buffer(p.devB, 64, 0);
        for (int i = 0; i < 4; i++) {
            srq.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        }
        srq.armLimit(3);
        long src = buffer(p.devA, 64, 1);
        for (int i = 0; i < 3; i++) {
            p.a.postSend(WorkRequest.Send.of(sge(src, 8, p.pdA.localDmaLkey()), p.toA()));
        }
        p.run();
        assertThat(p.eventsB).filteredOn(e -> e.type() == AsyncEventType.SRQ_LIMIT_REACHED).hasSize(1)
                .allSatisfy(e -> assertThat(e.source()).isSameAs(srq));
    }

    @Test
    void srqFullFailsWithEnomem() {
        Pair p = Pair.connected();
        SharedReceiveQueue srq = p.pdB.createSrq(new SrqInit(2, 1, 0));
        long buf = buffer(p.devB, 64, 0);
        srq.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        srq.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        assertThat(Pair.errnoOf(() -> srq.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey())))).isEqualTo(Errno.ENOMEM);
    }

    @Test
    void srqPoolHandsOutSrqNumberCompletionVectorModuloCount() {
        Pair p = Pair.connected();
        SrqPool pool = p.pdB.createSrqPool(3, new SrqInit(16, 1, 0));
        assertThat(pool.size()).isEqualTo(3);
        assertThat(pool.get(0)).isSameAs(pool.srqs().get(0));
        assertThat(pool.get(4)).isSameAs(pool.srqs().get(1));
        assertThat(pool.get(5)).isSameAs(pool.srqs().get(2));
        assertThat(pool.srqs()).doesNotHaveDuplicates();
    }

    @Test
    void qpOnAnSrqGoingToErrorRaisesLastWqeReachedAndLeavesTheSrqsReceives() {
        Pair p = Pair.unconnected(64, i -> i);
        SharedReceiveQueue srq = p.pdB.createSrq(new SrqInit(16, 1, 0));
        p.b = p.pdB.createQp(QpInit.of(p.cqB, 4, 0, 1).withSrq(srq));
        VerbsTestbed.connect(p.a, p.b);
        srq.postRecv(p.recvB(buffer(p.devB, 64, 0), 64, p.pdB.localDmaLkey()));
        p.b.modify(org.hcasim.verbs.QpAttributes.toError());
        p.run();
        assertThat(p.eventsB).extracting(e -> e.type()).containsExactly(AsyncEventType.QP_LAST_WQE_REACHED);
        assertThat(srq.available()).isEqualTo(1);
        assertThat(p.doneB).isEmpty();
    }

    @Test
    void srqOfAnotherPdCannotBeAttached() {
        Pair p = Pair.connected();
        SharedReceiveQueue foreign = p.devB.allocPd().createSrq(new SrqInit(4, 1, 0));
        assertThat(Pair.errnoOf(() -> p.pdB.createQp(QpInit.of(p.cqB, 4, 0, 1).withSrq(foreign)))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void receiveErrorsOnAnSrqQpReportTheStatusOnTheConsumedReceive() {
        Pair p = Pair.unconnected(64, i -> i);
        SharedReceiveQueue srq = p.pdB.createSrq(new SrqInit(4, 1, 0));
        p.b = p.pdB.createQp(QpInit.of(p.cqB, 4, 0, 1).withSrq(srq));
        VerbsTestbed.connect(p.a, p.b);
        srq.postRecv(p.recvB(buffer(p.devB, 64, 0), 4, p.pdB.localDmaLkey()));
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(WorkRequest.Send.of(sge(src, 8, p.pdA.localDmaLkey()), p.toA()));
        p.run();
        assertThat(p.doneB).extracting(WorkCompletion::status).containsExactly(WcStatus.LOC_LEN_ERR);
        assertThat(p.doneA).extracting(WorkCompletion::status).containsExactly(WcStatus.REM_INV_REQ_ERR);
    }
}
