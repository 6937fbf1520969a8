package org.hcasim.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.spi.policy.IoBuffers;
import org.hcasim.spi.policy.PortReceiveQueues;
import org.hcasim.spi.policy.QueueRegistration;
import org.hcasim.spi.policy.ReceiveAssignment;
import org.hcasim.spi.policy.ReceiveNeeds;
import org.hcasim.spi.policy.Registration;
import org.hcasim.spi.policy.RegistrationNeeds;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.RdmaDevice;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/** What each built-in policy decides, on a real device. */
class BuiltInPoliciesTest {
    private final VerbsTestbed tb = VerbsTestbed.builder().hosts("a").coresPerHost(4).build();
    private final RdmaDevice device = tb.device("a");
    private final ProtectionDomain pd = device.allocPd();
    private final TestbedPolicies policies = TestbedPolicies.builtIn(Map.of());

    private long buffer(int bytes) {
        return tb.host("a").memory().allocate(bytes, 4096);
    }

    private QueueRegistration queue(String policy, boolean integrity) {
        return policies.registration("t.registration-policy", policy).forQueue(pd, new RegistrationNeeds(2, 256, integrity, 4096));
    }

    @Test
    void register_always_maps_every_io_into_a_pooled_mr_and_chains_its_reg_mr() {
        QueueRegistration q = queue("register-always", false);
        long data = buffer(8192);

        Registration r = q.register(IoBuffers.of(List.of(new ScatterEntry(data, 8192)), AccessFlag.all()));

        assertThat(r.kind()).isEqualTo(Registration.Kind.FAST_REG);
        assertThat(r.key()).isEqualTo(r.mr().nextKey());
        assertThat(r.address()).isEqualTo(data);
        assertThat(r.length()).isEqualTo(8192);
        assertThat(r.requests()).singleElement().isInstanceOf(WorkRequest.RegMr.class);
        assertThat(r.needsInvalidation()).isTrue();
    }

    @Test
    void a_queue_has_one_mr_per_entry_and_a_released_mr_serves_the_next_io() {
        QueueRegistration q = queue("register-always", false);
        var io = IoBuffers.of(List.of(new ScatterEntry(buffer(4096), 4096)), AccessFlag.all());
        Registration first = q.register(io);
        Registration second = q.register(io);

        assertThat(first.mr()).isNotSameAs(second.mr());
        assertThatThrownBy(() -> q.register(io)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("more I/Os in flight than entries");
        q.release(first);
        assertThat(q.register(io).mr()).isSameAs(first.mr());
    }

    @Test
    void a_list_with_gaps_cannot_be_fast_registered_and_takes_nothing() {
        QueueRegistration q = queue("register-always", false);
        long a = buffer(8192);
        var gappy = IoBuffers.of(List.of(new ScatterEntry(a, 100), new ScatterEntry(a + 4096, 100)), AccessFlag.all());

        assertThat(q.register(gappy)).isNull();
        q.register(IoBuffers.of(List.of(new ScatterEntry(a, 4096)), AccessFlag.all()));
        q.register(IoBuffers.of(List.of(new ScatterEntry(a, 4096)), AccessFlag.all())); // both MRs still in the pool
    }

    @Test
    void global_key_single_segment_sends_one_segment_under_the_global_key_and_registers_the_rest() {
        QueueRegistration q = queue("global-key-single-segment", false);
        long a = buffer(16384);

        Registration single = q.register(IoBuffers.of(List.of(new ScatterEntry(a, 4096)), AccessFlag.all()));
        Registration two = q.register(IoBuffers.of(List.of(new ScatterEntry(a, 4096), new ScatterEntry(a + 4096, 4096)),
                AccessFlag.all()));

        assertThat(single.kind()).isEqualTo(Registration.Kind.GLOBAL_KEY);
        assertThat(single.key()).isEqualTo(pd.unsafeGlobalRkey());
        assertThat(single.requests()).isEmpty();
        assertThat(single.needsInvalidation()).isFalse();
        assertThat(two.kind()).isEqualTo(Registration.Kind.FAST_REG);
    }

    private IoBuffers withPi(long data, long meta) {
        SignatureDomain t10 = SignatureDomain.T10Dif.type1(512, 0);
        return new IoBuffers(List.of(new ScatterEntry(data, 4096)), List.of(new ScatterEntry(meta, 64)), AccessFlag.all(),
                new SignatureAttributes(t10, t10, SignatureAttributes.CHECK_GUARD));
    }

    @Test
    void integrity_policies_try_their_mappings_in_order() {
        long data = buffer(4096);
        long meta = buffer(64);

        Registration pa = queue("pa-first", true).register(withPi(data, meta));
        Registration mtt = queue("mtt-first", true).register(withPi(data, meta));
        Registration klm = queue("klm-only", true).register(withPi(data, meta));

        assertThat(pa.mr().piMapping()).isEqualTo(PiMapping.PHYSICAL);
        assertThat(mtt.mr().piMapping()).isEqualTo(PiMapping.MTT);
        assertThat(klm.mr().piMapping()).isEqualTo(PiMapping.KLM);
        assertThat(klm.address()).isZero(); // KLM integrity MRs are zero-based
        assertThat(List.of(pa, mtt, klm)).allSatisfy(r -> {
            assertThat(r.kind()).isEqualTo(Registration.Kind.INTEGRITY);
            assertThat(r.length()).isEqualTo(4096 + 8 * 8); // the wire view: a tuple per 512-byte interval
            assertThat(r.requests()).singleElement().isInstanceOf(WorkRequest.RegIntegrityMr.class);
        });
    }

    @Test
    void mtt_first_falls_back_to_klm_when_the_data_list_has_gaps() {
        long a = buffer(8192);
        long meta = buffer(64);
        SignatureDomain t10 = SignatureDomain.T10Dif.type1(512, 0);
        var gappy = new IoBuffers(List.of(new ScatterEntry(a, 512), new ScatterEntry(a + 4096, 512)),
                List.of(new ScatterEntry(meta, 16)), AccessFlag.all(), new SignatureAttributes(t10, t10, 0));

        assertThat(queue("mtt-first", true).register(gappy).mr().piMapping()).isEqualTo(PiMapping.KLM);
    }

    @Test
    void an_io_with_pi_on_a_queue_set_up_without_integrity_is_a_bug_of_the_caller() {
        assertThatThrownBy(() -> queue("register-always", false).register(withPi(buffer(4096), buffer(64))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("without integrity");
    }

    @Test
    void fixed_moderation_creates_the_cq_the_role_asks_for() {
        CompletionQueue cq = policies.cq("t.cq-policy", "fixed").createCq(device, CqInit.of(64, 1, PollContext.WORKQUEUE));

        assertThat(cq.capacity()).isEqualTo(64);
        assertThat(cq.compVector()).isEqualTo(1);
        assertThat(cq.pollContext()).isEqualTo(PollContext.WORKQUEUE);
        assertThat(cq.moderation()).isEqualTo(org.hcasim.verbs.Moderation.NONE);
    }

    private ReceiveNeeds needs(int srqSize) {
        return new ReceiveNeeds(srqSize, 1, 4096, srq -> new WorkRequest.Recv(
                List.of(new Sge(buffer(4096), 4096, pd.localDmaLkey())), CompletionCallback.IGNORE));
    }

    @Test
    void none_gives_every_qp_its_own_receive_queue_and_counts_its_buffers_while_it_lives() {
        PortReceiveQueues port = policies.srq("t.srq-policy", "none").forPort(pd, needs(256));

        ReceiveAssignment a = port.assign(0, 128);
        ReceiveAssignment b = port.assign(1, 128);

        assertThat(a.shared()).isFalse();
        assertThat(a.ownEntries()).isEqualTo(128);
        assertThat(port.srqs()).isEmpty();
        assertThat(port.committedBytes()).isEqualTo(2 * 128 * 4096L);
        port.release(b);
        assertThat(port.committedBytes()).isEqualTo(128 * 4096L);
    }

    @Test
    void per_device_shares_one_filled_srq_among_all_qps() {
        PortReceiveQueues port = policies.srq("t.srq-policy", "per-device").forPort(pd, needs(300));

        assertThat(port.srqs()).singleElement().satisfies(srq -> assertThat(srq.available()).isEqualTo(300));
        assertThat(port.assign(0, 128).srq()).isSameAs(port.assign(3, 128).srq());
        assertThat(port.committedBytes()).isEqualTo(300 * 4096L);
    }

    @Test
    void per_vector_gives_a_qp_on_vector_v_srq_v_modulo_the_pool_size() {
        var attributes = device.attributes();
        int count = Math.min(attributes.numCompVectors(), attributes.maxSrq());
        PortReceiveQueues port = policies.srq("t.srq-policy", "per-vector").forPort(pd, needs(256));

        assertThat(port.srqs()).hasSize(count);
        assertThat(port.assign(1, 128).srq()).isSameAs(port.srqs().get(1 % count));
        assertThat(port.assign(count + 1, 128).srq()).isSameAs(port.srqs().get(1 % count));
        assertThat(port.committedBytes()).isEqualTo((long) count * 256 * 4096);
    }

    @Test
    void own_receives_without_in_capsule_pages_commit_only_the_buffer_they_name() {
        PortReceiveQueues port = policies.srq("t.srq-policy", "none").forPort(pd, needs(256));

        ReceiveAssignment admin = port.assign(0, 32, 0); // an admin queue: commands only
        ReceiveAssignment io = port.assign(1, 128);

        assertThat(port.committedBytes()).isEqualTo(128 * 4096L);
        port.release(admin);
        assertThat(port.committedBytes()).isEqualTo(128 * 4096L);
        port.release(io);
        assertThat(port.committedBytes()).isZero();
    }
}
