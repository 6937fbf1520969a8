package org.hcasim.ulp.nvmeof.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiControl;
import org.hcasim.block.PiType;
import org.hcasim.block.T10Dif;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.ProtectionInfo;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** T10-PI over NVMe/RDMA: the host's integrity MRs and signature checks, the target's PI wire format. */
class NvmeOfProtectionInformationTest {

    private static final int APP_TAG = 0x1234;
    /** pi_act=0, pi_chk=GUARD,REFTAG: the host supplies the tuples, the device checks guard and reference tag. */
    private static final PiControl HOST_PI_GUARD_REF = new PiControl(false, true, false, true, APP_TAG, 0xFFFF);
    private static final PiControl HOST_PI_NO_CHECKS = new PiControl(false, false, false, false, APP_TAG, 0xFFFF);
    /** pi_act=1 with guard and reference tag checks: the host sends and receives no PI. */
    private static final PiControl PRACT_GUARD_REF = new PiControl(true, true, false, true, APP_TAG, 0xFFFF);

    private static BlockNamespaceSpec piNamespace(int blockSize, PiType type) {
        return new BlockNamespaceSpec("ns1", Backstore.RAM, 4L << 20, new BlockFormat(blockSize, 8, type), 0);
    }

    private static NvmeOfPair connected(BlockNamespaceSpec ns) {
        NvmeOfPair pair = new NvmeOfPair(Map.of(), ns);
        assertThat(pair.connect()).isNull();
        return pair;
    }

    private static byte[] random(int bytes, long seed) {
        byte[] b = new byte[bytes];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** The tuples fio generates with pi_act=0. */
    private static byte[] tuples(byte[] data, BlockFormat format, long lba) {
        int blocks = data.length / format.blockSize();
        byte[] pi = new byte[blocks * 8];
        for (int i = 0; i < blocks; i++) {
            T10Dif.generate(data, i * format.blockSize(), format.blockSize(), format.piType(), lba + i, APP_TAG, pi, i * 8);
        }
        return pi;
    }

    /** A request's buffers in the initiator's memory. */
    private record Buffers(long data, long meta) {
    }

    private static Buffers buffers(NvmeOfPair pair, byte[] data, byte[] pi) {
        long d = pair.initiator.memory().allocate(data.length, 4096);
        pair.initiator.memory().write(d, data, 0, data.length);
        long m = BlockRequest.NO_METADATA;
        if (pi != null) {
            m = pair.initiator.memory().allocate(pi.length, 8);
            pair.initiator.memory().write(m, pi, 0, pi.length);
        }
        return new Buffers(d, m);
    }

    private static byte[] bytes(NvmeOfPair pair, long at, int length) {
        byte[] b = new byte[length];
        pair.initiator.memory().read(at, b, 0, length);
        return b;
    }

    private static BlockCompletion write(NvmeOfPair pair, BlockDevice dev, long lba, byte[] data, byte[] pi, PiControl control) {
        Buffers b = buffers(pair, data, pi);
        return pair.io(dev, 0, new BlockRequest(BlockOp.WRITE, lba, data.length / dev.format().blockSize(), b.data(), b.meta(),
                control));
    }

    /** Reads with a PI buffer; returns the completion and leaves data and tuples in {@code out}. */
    private static BlockCompletion read(NvmeOfPair pair, BlockDevice dev, long lba, Buffers out, int bytes, PiControl control) {
        return pair.io(dev, 1, new BlockRequest(BlockOp.READ, lba, bytes / dev.format().blockSize(), out.data(), out.meta(),
                control));
    }

    static Stream<Arguments> formats() {
        return Stream.of(Arguments.of(512, PiType.TYPE1), Arguments.of(4096, PiType.TYPE2), Arguments.of(4096, PiType.TYPE3),
                Arguments.of(512, PiType.TYPE3));
    }

    @ParameterizedTest(name = "{0}+8 {1}")
    @MethodSource("formats")
    void data_and_pi_written_with_guard_and_reftag_checks_read_back_byte_exact(int blockSize, PiType type) {
        NvmeOfPair pair = connected(piNamespace(blockSize, type));
        BlockDevice dev = pair.host.devices().get(0);
        assertThat(dev.format()).isEqualTo(new BlockFormat(blockSize, 8, type)); // from Identify Namespace
        long lba = 4096 / blockSize * 3;
        byte[] data = random(16_384, blockSize + type.ordinal());
        byte[] pi = tuples(data, dev.format(), lba);
        assertThat(write(pair, dev, lba, data, pi, HOST_PI_GUARD_REF)).isEqualTo(BlockCompletion.SUCCESS);

        Buffers out = buffers(pair, new byte[data.length], new byte[pi.length]);
        assertThat(read(pair, dev, lba, out, data.length, HOST_PI_GUARD_REF)).isEqualTo(BlockCompletion.SUCCESS);
        assertThat(bytes(pair, out.data(), data.length)).isEqualTo(data);
        assertThat(bytes(pair, out.meta(), pi.length)).isEqualTo(pi);
        assertThat(pair.host.queueFor(1).stats().signatureErrors).isZero();
        assertThat(pair.target.piCounters()).as("both transfers went through the target's integrity MRs")
                .isEqualTo(new org.hcasim.ulp.nvmeof.target.NvmeOfTarget.PiCounters(2, 0));
    }

    @Test
    void with_pract_the_host_hca_inserts_the_tuples_the_controller_would_and_strips_them_on_read() {
        NvmeOfPair pair = connected(piNamespace(512, PiType.TYPE1));
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(8192, 11);
        assertThat(write(pair, dev, 40, data, null, PRACT_GUARD_REF)).isEqualTo(BlockCompletion.SUCCESS);

        Buffers stripped = buffers(pair, new byte[data.length], null);
        assertThat(read(pair, dev, 40, stripped, data.length, PRACT_GUARD_REF)).isEqualTo(BlockCompletion.SUCCESS);
        assertThat(bytes(pair, stripped.data(), data.length)).isEqualTo(data);

        Buffers withPi = buffers(pair, new byte[data.length], new byte[16 * 8]);
        assertThat(read(pair, dev, 40, withPi, data.length, HOST_PI_GUARD_REF)).isEqualTo(BlockCompletion.SUCCESS);
        assertThat(bytes(pair, withPi.meta(), 16 * 8)).isEqualTo(tuples(data, dev.format(), 40));
    }

    @Test
    void the_command_capsule_carries_prinfo_reference_and_application_tag() {
        NvmeOfPair pair = connected(piNamespace(512, PiType.TYPE1));
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(4096, 5);
        PiControl all = new PiControl(false, true, true, true, APP_TAG, 0xF0F0);
        assertThat(write(pair, dev, 0x1_0000_0018L % dev.capacityBlocks(), data, tuples(data, dev.format(), 0x18), all).ok())
                .isTrue();
        NvmeCommand sent = pair.host.queueFor(0).lastCommand();
        assertThat(sent.protection()).isEqualTo(new ProtectionInfo(false, true, true, true, 0x18, APP_TAG, 0xF0F0));
        byte[] sqe = sent.bytes();
        assertThat(sqe[51] & 0x3C).as("CDW12 bits 29:26: PRACT 0, PRCHK guard, app, ref").isEqualTo(0x1C);
        assertThat(sqe[48]).as("NLB, 0-based").isEqualTo((byte) 7);
        assertThat(sqe[56]).as("CDW14 reference tag, little-endian").isEqualTo((byte) 0x18);
        assertThat(new byte[] {sqe[60], sqe[61], sqe[62], sqe[63]}).as("CDW15: app tag, then mask")
                .containsExactly(0x34, 0x12, 0xF0, 0xF0);
        SglDescriptor dptr = sent.dptr();
        assertThat(dptr.isKeyed()).isTrue();
        assertThat(dptr.asksInvalidate()).as("nvme-rdma's PI descriptor is type 0x40").isFalse();
        assertThat(dptr.length()).as("data and one 8-byte tuple per block").isEqualTo(4096 + 8 * 8);

        assertThat(write(pair, dev, 8, data, null, PRACT_GUARD_REF).ok()).isTrue();
        assertThat(pair.host.queueFor(0).lastCommand().protection())
                .as("the HCA generates the PI, so PRACT is cleared on the wire; the checks stay")
                .isEqualTo(new ProtectionInfo(false, true, false, true, 8, APP_TAG, 0xFFFF));
    }

    @Test
    void pi_writes_never_use_in_capsule_data_but_an_integrity_registration_invalidated_locally() {
        NvmeOfPair pair = connected(piNamespace(512, PiType.TYPE1));
        BlockDevice dev = pair.host.devices().get(0);
        HostQueue q = pair.host.queueFor(0);
        NvmeOfHost.Counters before = pair.host.counters();
        long registrationsBefore = q.stats().integrityRegistrations;
        byte[] small = random(512, 6);
        assertThat(write(pair, dev, 2, small, tuples(small, dev.format(), 2), HOST_PI_GUARD_REF).ok()).isTrue();
        assertThat(write(pair, dev, 3, small, null, PRACT_GUARD_REF).ok()).isTrue();
        NvmeOfHost.Counters c = pair.host.counters().minus(before);
        assertThat(c.inCapsuleWrites()).isZero();
        assertThat(q.stats().integrityRegistrations - registrationsBefore).isEqualTo(2);
        assertThat(c.registrations()).as("no plain MEM_REG registration").isZero();
        assertThat(c.localInvalidations()).isEqualTo(2);
        assertThat(q.lastCommand().dptr().isKeyed()).isTrue();
    }

    @Test
    void a_corrupted_tuple_stored_on_the_target_fails_the_read_once_with_a_guard_error() {
        NvmeOfPair pair = connected(piNamespace(512, PiType.TYPE1));
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(4096, 8);
        byte[] pi = tuples(data, dev.format(), 16);
        pi[3 * 8 + 1] ^= 0x40; // a guard byte of the fourth block; nothing checks it on the way in
        assertThat(write(pair, dev, 16, data, pi, HOST_PI_NO_CHECKS).ok()).isTrue();

        Buffers out = buffers(pair, new byte[data.length], new byte[pi.length]);
        BlockCompletion c = read(pair, dev, 16, out, data.length, HOST_PI_GUARD_REF);
        assertThat(c.status()).isEqualTo(BlockStatus.GUARD_CHECK_ERROR);
        assertThat(c.status().errno()).isEqualTo(84);
        assertThat(c.detail()).isEqualTo("nvme0n1: NVMe status 0x282 (guard check error from the target)");
        // reported once: the next reads of good blocks and of the unchecked bad one succeed
        assertThat(read(pair, dev, 24, out, data.length, HOST_PI_GUARD_REF).ok()).isTrue();
        assertThat(read(pair, dev, 16, out, data.length, HOST_PI_NO_CHECKS).ok()).isTrue();
        assertThat(bytes(pair, out.meta(), pi.length)).isEqualTo(pi);
    }

    @Test
    void a_wrong_reference_tag_stored_on_the_target_fails_the_read_with_a_reftag_error() {
        NvmeOfPair pair = connected(piNamespace(4096, PiType.TYPE1));
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(8192, 9);
        byte[] pi = tuples(data, dev.format(), 7);
        pi[8 + 7] ^= 1; // reference tag of the second block
        assertThat(write(pair, dev, 7, data, pi, HOST_PI_NO_CHECKS).ok()).isTrue();
        Buffers out = buffers(pair, new byte[data.length], new byte[pi.length]);
        BlockCompletion c = read(pair, dev, 7, out, data.length, HOST_PI_GUARD_REF);
        assertThat(c.status()).isEqualTo(BlockStatus.REF_TAG_CHECK_ERROR);
    }

    @Test
    void corrupted_pi_in_host_memory_is_caught_by_the_host_hca_and_reported_once_as_a_guard_error() {
        NvmeOfPair pair = connected(piNamespace(512, PiType.TYPE1));
        BlockDevice dev = pair.host.devices().get(0);
        HostQueue q = pair.host.queueFor(0);
        byte[] data = random(4096, 10);
        byte[] pi = tuples(data, dev.format(), 32);
        pi[5 * 8] ^= 0x01;
        BlockCompletion c = write(pair, dev, 32, data, pi, HOST_PI_GUARD_REF);
        assertThat(c.status()).isEqualTo(BlockStatus.GUARD_CHECK_ERROR);
        assertThat(c.detail()).contains("guard check failed at lba 37").contains("HCA signature check");
        assertThat(q.stats().signatureErrors).isEqualTo(1);
        assertThat(pair.target.piCounters().signatureErrors()).as("the target's HCA saw it arrive too").isEqualTo(1);
        Buffers out = buffers(pair, new byte[data.length], new byte[pi.length]);
        assertThat(read(pair, dev, 32, out, data.length, HOST_PI_NO_CHECKS).ok()).isTrue();
        assertThat(bytes(pair, out.data(), data.length)).as("the failed write was not stored").containsOnly(0);
        // the error was collected: every integrity MR of the queue registers again
        int rounds = q.sizing.queueSize() + 1;
        for (int i = 0; i < rounds; i++) {
            assertThat(write(pair, dev, 32, data, tuples(data, dev.format(), 32), HOST_PI_GUARD_REF).ok()).isTrue();
        }
        assertThat(q.stats().signatureErrors).isEqualTo(1);
    }

    @Test
    void an_application_tag_other_than_the_one_written_fails_the_read_when_checked() {
        NvmeOfPair pair = connected(piNamespace(512, PiType.TYPE1));
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(1024, 12);
        assertThat(write(pair, dev, 100, data, null, PRACT_GUARD_REF).ok()).isTrue(); // the HCA inserts app tag 0x1234
        Buffers out = buffers(pair, new byte[data.length], null);
        BlockCompletion c = read(pair, dev, 100, out, data.length, new PiControl(true, false, true, false, 0x4321, 0xFFFF));
        assertThat(c.status()).isEqualTo(BlockStatus.APP_TAG_CHECK_ERROR);
        assertThat(read(pair, dev, 100, out, data.length, new PiControl(true, false, true, false, 0x4321, 0x0E0A)).ok())
                .as("0x1234 and 0x4321 agree under mask 0x0e0a").isTrue();
    }

    @Test
    void large_pi_transfers_and_shared_receive_queues_carry_pi_as_well() {
        NvmeOfPair pair = new NvmeOfPair(Map.of("nvmeof.target.use-srq", "true", "nvmeof.target.srq-size", "256"),
                piNamespace(512, PiType.TYPE1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(1020 * 1024, 13); // the largest transfer: 2040 blocks, 16320 bytes of PI
        byte[] pi = tuples(data, dev.format(), 64);
        assertThat(write(pair, dev, 64, data, pi, HOST_PI_GUARD_REF).ok()).isTrue();
        Buffers out = buffers(pair, new byte[data.length], new byte[pi.length]);
        assertThat(read(pair, dev, 64, out, data.length, HOST_PI_GUARD_REF).ok()).isTrue();
        assertThat(bytes(pair, out.data(), data.length)).isEqualTo(data);
        assertThat(bytes(pair, out.meta(), pi.length)).isEqualTo(pi);
    }

    @Test
    void without_integrity_offload_the_target_hides_pi_and_its_block_layer_generates_and_strips_it() {
        NvmeOfPair pair = new NvmeOfPair("connectx3", 2, Map.of(), piNamespace(512, PiType.TYPE1));
        assertThat(pair.connect()).isNull();
        BlockDevice dev = pair.host.devices().get(0);
        assertThat(dev.format()).isEqualTo(BlockFormat.B512);
        BlockCompletion c = write(pair, dev, 0, random(512, 1), null, PRACT_GUARD_REF);
        assertThat(c.status()).isEqualTo(BlockStatus.INVALID_REQUEST);
        assertThat(c.detail()).contains("without PI");
        byte[] data = random(4096, 3);
        assertThat(pair.write(dev, 0, 8, data).ok()).isTrue();
        assertThat(pair.read(dev, 1, 8, data.length)).isEqualTo(data);
    }

    @Test
    void a_namespace_without_pi_refuses_a_metadata_buffer() {
        NvmeOfPair pair = connected(NvmeOfPair.ram("ns1", 1));
        BlockDevice dev = pair.host.devices().get(0);
        byte[] data = random(512, 2);
        BlockCompletion c = write(pair, dev, 0, data, new byte[8], HOST_PI_GUARD_REF);
        assertThat(c.status()).isEqualTo(BlockStatus.INVALID_REQUEST);
        assertThat(c.detail()).contains("without PI");
    }
}
