package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqCreator;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * The device's shared CQ pool, as ib_cq_pool_get / ib_cq_pool_put (drivers/infiniband/core/cq.c) hand out CQs: one
 * set of a CQ per vector at the first get, first fit on the hinted vector, hint -1 round robin per host, a new set
 * (searched first) when no CQ of the vector has room, put giving the room back.
 */
class SharedCqPoolTest {
    private static final int CORES = 4;

    private final VerbsTestbed tb = VerbsTestbed.builder().hosts("a", "b").coresPerHost(CORES).build();
    private final SimRdmaDevice a = tb.device("a");
    private final SimRdmaDevice b = tb.device("b");

    @Test
    void the_first_get_creates_a_cq_of_4096_entries_on_every_vector_and_takes_the_hinted_one() {
        CompletionQueue cq = a.cqPoolGet(513, 2, PollContext.SOFTIRQ);

        assertThat(cq.compVector()).isEqualTo(2);
        assertThat(cq.capacity()).isEqualTo(SharedCqPool.SHARED_CQ_SIZE);
        assertThat(cq.pollContext()).isEqualTo(PollContext.SOFTIRQ);
        assertThat(a.cqPool().cqs(PollContext.SOFTIRQ)).extracting(CompletionQueue::compVector)
                .containsExactly(0, 1, 2, 3);
        assertThat(a.objectCounts().cqs()).isEqualTo(CORES);
        assertThat(a.cqPool().claimed(cq)).isEqualTo(513);
    }

    @Test
    void the_hint_is_taken_modulo_the_vectors_and_each_poll_context_has_its_own_pool() {
        CompletionQueue soft = a.cqPoolGet(10, 6, PollContext.SOFTIRQ);
        CompletionQueue work = a.cqPoolGet(10, 2, PollContext.WORKQUEUE);

        assertThat(soft.compVector()).isEqualTo(2);
        assertThat(work).isNotSameAs(soft);
        assertThat(work.pollContext()).isEqualTo(PollContext.WORKQUEUE);
        assertThat(a.objectCounts().cqs()).isEqualTo(2 * CORES);
    }

    @Test
    void gets_on_one_vector_share_its_cq_while_it_has_room() {
        CompletionQueue first = a.cqPoolGet(1000, 1, PollContext.WORKQUEUE);
        CompletionQueue second = a.cqPoolGet(1000, 1, PollContext.WORKQUEUE);
        CompletionQueue otherVector = a.cqPoolGet(1000, 3, PollContext.WORKQUEUE);

        assertThat(second).isSameAs(first);
        assertThat(otherVector).isNotSameAs(first);
        assertThat(a.cqPool().claimed(first)).isEqualTo(2000);
        assertThat(a.objectCounts().cqs()).isEqualTo(CORES);
    }

    @Test
    void a_get_that_fits_no_cq_of_its_vector_adds_a_second_set_which_later_gets_search_first() {
        CompletionQueue old = a.cqPoolGet(3000, 1, PollContext.WORKQUEUE);
        CompletionQueue fresh = a.cqPoolGet(3000, 1, PollContext.WORKQUEUE);
        CompletionQueue small = a.cqPoolGet(100, 1, PollContext.WORKQUEUE);

        assertThat(fresh).isNotSameAs(old);
        assertThat(fresh.compVector()).isEqualTo(1);
        assertThat(a.objectCounts().cqs()).isEqualTo(2 * CORES);
        assertThat(small).as("the newest set comes first (list_splice to the head)").isSameAs(fresh);
        // the claims never exceed a CQ's capacity
        assertThat(a.cqPool().claimed(old)).isEqualTo(3000);
        assertThat(a.cqPool().claimed(fresh)).isEqualTo(3100);
    }

    @Test
    void put_gives_the_room_back() {
        CompletionQueue old = a.cqPoolGet(3000, 1, PollContext.WORKQUEUE);
        CompletionQueue fresh = a.cqPoolGet(3000, 1, PollContext.WORKQUEUE);

        a.cqPoolPut(old, 3000);
        assertThat(a.cqPool().claimed(old)).isZero();
        assertThat(a.cqPoolGet(3000, 1, PollContext.WORKQUEUE)).as("the newer set is full").isSameAs(old);
        a.cqPoolPut(fresh, 3000);
        assertThat(a.cqPoolGet(3000, 1, PollContext.WORKQUEUE)).isSameAs(fresh);
        assertThat(a.objectCounts().cqs()).as("no third set").isEqualTo(2 * CORES);
    }

    @Test
    void a_request_above_4096_entries_gets_cqs_of_its_own_size() {
        CompletionQueue big = a.cqPoolGet(5000, 0, PollContext.SOFTIRQ);

        assertThat(big.capacity()).isEqualTo(5000);
        assertThat(a.cqPool().cqs(PollContext.SOFTIRQ)).extracting(CompletionQueue::capacity).containsOnly(5000);
    }

    @Test
    void hint_minus_one_takes_the_hosts_next_vector_starting_at_one_over_every_device_and_poll_context() {
        List<Integer> vectors = new ArrayList<>();
        vectors.add(a.cqPoolGet(10, RdmaDevice.ANY_VECTOR, PollContext.WORKQUEUE).compVector());
        vectors.add(a.cqPoolGet(10, RdmaDevice.ANY_VECTOR, PollContext.SOFTIRQ).compVector());
        vectors.add(a.cqPoolGet(10, RdmaDevice.ANY_VECTOR, PollContext.WORKQUEUE).compVector());
        vectors.add(a.cqPoolGet(10, RdmaDevice.ANY_VECTOR, PollContext.WORKQUEUE).compVector());
        vectors.add(a.cqPoolGet(10, RdmaDevice.ANY_VECTOR, PollContext.WORKQUEUE).compVector());

        assertThat(vectors).containsExactly(1, 2, 3, 0, 1);
        assertThat(b.cqPoolGet(10, RdmaDevice.ANY_VECTOR, PollContext.WORKQUEUE).compVector())
                .as("another host (kernel) has its own counter").isEqualTo(1);
    }

    @Test
    void the_pool_creates_its_cqs_through_the_requesting_creator_and_shares_them_only_with_an_equal_sharing_key() {
        List<CqInit> made = new ArrayList<>();
        CqCreator recording = new CqCreator() {
            @Override
            public CompletionQueue createCq(RdmaDevice device, CqInit requested) {
                made.add(requested);
                CompletionQueue cq = device.createCq(requested);
                cq.modifyModeration(8, 16);
                return cq;
            }

            @Override
            public Object sharingKey() {
                return "moderated";
            }
        };
        CompletionQueue moderated = a.cqPoolGet(10, 1, PollContext.WORKQUEUE, recording);
        CompletionQueue plain = a.cqPoolGet(10, 1, PollContext.WORKQUEUE);

        assertThat(made).hasSize(CORES).allSatisfy(init -> {
            assertThat(init.cqe()).isEqualTo(SharedCqPool.SHARED_CQ_SIZE);
            assertThat(init.pollContext()).isEqualTo(PollContext.WORKQUEUE);
        });
        assertThat(moderated.moderation().count()).isEqualTo(8);
        assertThat(plain).isNotSameAs(moderated);
        assertThat(plain.moderation().count()).isZero();
        assertThat(a.cqPoolGet(10, 1, PollContext.WORKQUEUE, recording)).isSameAs(moderated);
    }

    @Test
    void bad_requests_are_one_line_einval_errors() {
        CompletionQueue own = a.createCq(CqInit.of(16, 0, PollContext.SOFTIRQ));
        CompletionQueue pooled = a.cqPoolGet(10, 0, PollContext.SOFTIRQ);

        assertThat(Pair.errnoOf(() -> a.cqPoolGet(0, 0, PollContext.SOFTIRQ))).isEqualTo(Errno.EINVAL);
        assertThat(Pair.errnoOf(() -> a.cqPoolGet(-5, 0, PollContext.SOFTIRQ))).isEqualTo(Errno.EINVAL);
        assertThat(Pair.errnoOf(() -> a.cqPoolGet(10, 0, PollContext.DIRECT))).isEqualTo(Errno.EINVAL);
        assertThat(Pair.errnoOf(() -> a.cqPoolGet(10, -2, PollContext.SOFTIRQ))).isEqualTo(Errno.EINVAL);
        assertThat(Pair.errnoOf(() -> a.cqPoolGet(a.attributes().maxCqe() + 1, 0, PollContext.SOFTIRQ)))
                .isEqualTo(Errno.EINVAL);
        assertThat(Pair.errnoOf(() -> a.cqPoolPut(pooled, 11))).as("more than claimed").isEqualTo(Errno.EINVAL);
        assertThat(Pair.errnoOf(() -> a.cqPoolPut(own, 1))).as("not a pool CQ").isEqualTo(Errno.EINVAL);
        assertThat(Pair.errnoOf(pooled::destroy)).as("pool CQs are put, not destroyed").isEqualTo(Errno.EINVAL);
        assertThat(a.cqPool().claimed(pooled)).isEqualTo(10);
    }

    @Test
    void a_shared_cq_delivers_each_qps_completions_to_its_own_callbacks_in_one_polling_pass() {
        ProtectionDomain pdA = a.allocPd();
        ProtectionDomain pdB = b.allocPd();
        CompletionQueue shared = a.cqPoolGet(40, 1, PollContext.SOFTIRQ);
        assertThat(a.cqPoolGet(40, 1, PollContext.SOFTIRQ)).isSameAs(shared);
        CompletionQueue peerCq = b.createCq(CqInit.of(64, 1, PollContext.SOFTIRQ));
        QueuePair q1 = pdA.createQp(QpInit.of(shared, 16, 16, 1));
        QueuePair q2 = pdA.createQp(QpInit.of(shared, 16, 16, 1));
        VerbsTestbed.connect(q1, pdB.createQp(QpInit.of(peerCq, 16, 16, 1)));
        VerbsTestbed.connect(q2, pdB.createQp(QpInit.of(peerCq, 16, 16, 1)));
        List<List<QueuePair>> passes = new ArrayList<>();
        List<QueuePair> pass = new ArrayList<>();
        shared.setPollPassListener((cq, n, now) -> {
            passes.add(List.copyOf(pass));
            pass.clear();
        });
        List<WorkCompletion> done1 = new ArrayList<>();
        List<WorkCompletion> done2 = new ArrayList<>();

        long src = Pair.buffer(a, 64, 1);
        long dst = Pair.buffer(b, 4096, 0);
        MemoryRegion mr = pdB.regMr(dst, 4096, AccessFlag.all());
        q1.postSend(writes(3, src, pdA.localDmaLkey(), dst, mr.rkey(), wc -> {
            done1.add(wc);
            pass.add(q1);
        }));
        q2.postSend(writes(3, src, pdA.localDmaLkey(), dst + 1024, mr.rkey(), wc -> {
            done2.add(wc);
            pass.add(q2);
        }));
        tb.run();

        assertThat(done1).hasSize(3).allSatisfy(wc -> assertThat(wc.qp()).isSameAs(q1));
        assertThat(done2).hasSize(3).allSatisfy(wc -> assertThat(wc.qp()).isSameAs(q2));
        assertThat(passes).as("one polling pass serves both QPs").anyMatch(p -> p.contains(q1) && p.contains(q2));
    }

    @Test
    void users_that_complete_more_than_they_claimed_overflow_the_shared_cq_loudly_and_every_qp_on_it_fails() {
        List<org.hcasim.verbs.AsyncEvent> events = new ArrayList<>();
        a.setAsyncEventHandler(events::add);
        ProtectionDomain pdA = a.allocPd();
        ProtectionDomain pdB = b.allocPd();
        int half = SharedCqPool.SHARED_CQ_SIZE / 2;
        CompletionQueue shared = a.cqPoolGet(half, 1, PollContext.WORKQUEUE);
        assertThat(a.cqPoolGet(half, 1, PollContext.WORKQUEUE)).isSameAs(shared);
        CompletionQueue peerCq = b.createCq(CqInit.of(64, 1, PollContext.SOFTIRQ));
        QueuePair q1 = pdA.createQp(QpInit.of(shared, half + 8, 16, 1));
        QueuePair q2 = pdA.createQp(QpInit.of(shared, half + 8, 16, 1));
        VerbsTestbed.connect(q1, pdB.createQp(QpInit.of(peerCq, 16, 16, 1)));
        VerbsTestbed.connect(q2, pdB.createQp(QpInit.of(peerCq, 16, 16, 1)));
        long src = Pair.buffer(a, 64, 1);
        long dst = Pair.buffer(b, 4096, 0);
        MemoryRegion mr = pdB.regMr(dst, 4096, AccessFlag.all());
        // the polling core is held by a thread meanwhile, so every completion waits in the CQ
        a.simHost().run(1, org.hcasim.host.Priority.THREAD, "hog", () -> a.simHost().busyWait(100_000_000L));
        q1.postSend(writes(half + 1, src, pdA.localDmaLkey(), dst, mr.rkey(), CompletionCallback.IGNORE));
        q2.postSend(writes(half + 1, src, pdA.localDmaLkey(), dst, mr.rkey(), CompletionCallback.IGNORE));
        tb.run();

        assertThat(events).extracting(e -> e.type()).contains(org.hcasim.verbs.AsyncEventType.CQ_ERR);
        assertThat(((SimCompletionQueue) shared).lostCompletions()).isPositive();
        assertThat(q1.state()).isEqualTo(org.hcasim.verbs.QpState.ERR);
        assertThat(q2.state()).isEqualTo(org.hcasim.verbs.QpState.ERR);
    }

    private static List<WorkRequest.RdmaWrite> writes(int n, long src, int lkey, long dst, int rkey,
                                                      CompletionCallback done) {
        List<WorkRequest.RdmaWrite> wrs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            wrs.add(WorkRequest.RdmaWrite.of(Pair.sge(src, 8, lkey), dst, rkey, done, SendFlag.SIGNALED));
        }
        return wrs;
    }
}
