package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.core.verbs.Pair.buffer;
import static org.hcasim.core.verbs.Pair.read;
import static org.hcasim.core.verbs.Pair.sge;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.hcasim.block.T10Dif;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.PiMapping;
import org.hcasim.verbs.PiMappingOrder;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;
import org.hcasim.verbs.SignatureError;
import org.hcasim.verbs.SignatureErrorType;
import org.hcasim.verbs.T10DifGuard;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/** Integrity MRs: PI mapping cases, the signature engine's insert/strip/pass and its error reporting. */
class SignatureConformanceTest {
    private static final int INTERVAL = 512;
    private static final int BLOCKS = 4;
    private static final int DATA = INTERVAL * BLOCKS;
    private static final int ALL_CHECKS = SignatureAttributes.CHECK_GUARD | SignatureAttributes.CHECK_APP_TAG
            | SignatureAttributes.CHECK_REF_TAG;
    private static final SignatureDomain.T10Dif TYPE1 = SignatureDomain.T10Dif.type1(INTERVAL, 1000);

    private static final SignatureDomain.T10Dif CRC = new SignatureDomain.T10Dif(T10DifGuard.CRC, INTERVAL, 0, 0, 0,
            false, false, false, 0xFFFF);

    @Test
    void crc16T10DifMatchesTheCheckValues() {
        assertThat(org.hcasim.core.verbs.signature.SignatureEngine.guard(CRC, "123456789".getBytes(StandardCharsets.US_ASCII), 0, 9)).isEqualTo(0xD0DB);
        assertThat(org.hcasim.core.verbs.signature.SignatureEngine.guard(CRC, "abc".getBytes(StandardCharsets.US_ASCII), 0, 3)).isEqualTo(0x443B);
        assertThat(org.hcasim.core.verbs.signature.SignatureEngine.guard(CRC, new byte[512], 0, 512)).isEqualTo(0x0000);
        byte[] ones = new byte[512];
        Arrays.fill(ones, (byte) 0xFF);
        assertThat(org.hcasim.core.verbs.signature.SignatureEngine.guard(CRC, ones, 0, 512)).isEqualTo(0xE6A1);
    }

    @Test
    void ipChecksumGuardMatchesTheRfc1071Example() {
        byte[] words = {0x00, 0x01, (byte) 0xF2, 0x03, (byte) 0xF4, (byte) 0xF5, (byte) 0xF6, (byte) 0xF7};
        assertThat(T10Dif.ipChecksum(words, 0, words.length)).isEqualTo(0x220D);
    }

    /** b holds DATA bytes with valid type-1 PI (ref tags from 1000) in a separate metadata buffer. */
    private record Protected(Pair p, long data, long meta, MemoryRegion mr) {
    }

    private static Protected protectedBuffer(SignatureDomain memory, SignatureDomain wire) {
        Pair p = Pair.unconnected(64, i -> i.withIntegrity(true));
        VerbsTestbed.connect(p.a, p.b);
        long data = buffer(p.devB, DATA, 0);
        long meta = buffer(p.devB, BLOCKS * 8, 0);
        byte[] bytes = new byte[DATA];
        for (int i = 0; i < DATA; i++) {
            bytes[i] = (byte) (i * 7);
        }
        Pair.mem(p.devB).write(data, bytes, 0, DATA);
        byte[] pi = new byte[BLOCKS * 8];
        for (int b = 0; b < BLOCKS; b++) {
            T10Dif.put16(pi, b * 8, T10Dif.crc16(bytes, b * INTERVAL, INTERVAL));
            T10Dif.put16(pi, b * 8 + 2, 0);
            T10Dif.put32(pi, b * 8 + 4, 1000 + b);
        }
        Pair.mem(p.devB).write(meta, pi, 0, pi.length);
        MemoryRegion mr = p.pdB.allocMr(MrType.INTEGRITY, 4);
        assertThat(mr.mapSgPi(List.of(new ScatterEntry(data, DATA)), List.of(new ScatterEntry(meta, BLOCKS * 8)), 4096))
                .isEqualTo(2);
        p.b.postSend(new WorkRequest.RegIntegrityMr(mr, new SignatureAttributes(memory, wire, ALL_CHECKS),
                AccessFlag.all(), Set.of(SendFlag.SIGNALED), p.toB()));
        p.run();
        assertThat(p.doneB).extracting(WorkCompletion::status).containsExactly(WcStatus.SUCCESS);
        return new Protected(p, data, meta, mr);
    }

    private static byte[] rdmaRead(Protected x, int length) {
        Pair p = x.p();
        long local = buffer(p.devA, length, 0);
        p.a.postSend(WorkRequest.RdmaRead.of(sge(local, length, p.pdA.localDmaLkey()), x.mr().iova(), x.mr().rkey(),
                p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(p.doneA).extracting(WorkCompletion::status).containsOnly(WcStatus.SUCCESS);
        return read(p.devA, local, length);
    }

    @Test
    void memoryPiWithoutWirePiIsCheckedAndStrippedOnTheWay() {
        Protected x = protectedBuffer(TYPE1, SignatureDomain.NONE);
        assertThat(x.mr().length()).isEqualTo(DATA);
        byte[] got = rdmaRead(x, DATA);
        assertThat(got).isEqualTo(read(x.p().devB, x.data(), DATA));
        assertThat(x.mr().checkSignatureStatus()).isEmpty();
    }

    @Test
    void memoryAndWirePiPassTheTuplesInterleavedWithTheData() {
        Protected x = protectedBuffer(TYPE1, TYPE1);
        assertThat(x.mr().length()).isEqualTo(DATA + BLOCKS * 8);
        byte[] got = rdmaRead(x, DATA + BLOCKS * 8);
        byte[] meta = read(x.p().devB, x.meta(), BLOCKS * 8);
        for (int b = 0; b < BLOCKS; b++) {
            int w = b * (INTERVAL + 8);
            assertThat(Arrays.copyOfRange(got, w + INTERVAL, w + INTERVAL + 8))
                    .isEqualTo(Arrays.copyOfRange(meta, b * 8, b * 8 + 8));
        }
        assertThat(x.mr().checkSignatureStatus()).isEmpty();
    }

    @Test
    void corruptedDataIsReportedOnceAsAGuardErrorWithItsOffset() {
        Protected x = protectedBuffer(TYPE1, SignatureDomain.NONE);
        Pair.mem(x.p().devB).write(x.data() + 2 * INTERVAL + 5, new byte[] {42}, 0, 1);
        rdmaRead(x, DATA);
        SignatureError e = x.mr().checkSignatureStatus().orElseThrow();
        assertThat(e.type()).isEqualTo(SignatureErrorType.GUARD);
        assertThat(e.offset()).isEqualTo(2L * INTERVAL);
        assertThat(e.key()).isEqualTo(x.mr().rkey());
        assertThat(x.mr().checkSignatureStatus()).as("reported once, then cleared").isEmpty();
    }

    @Test
    void aWrongReferenceTagIsReportedAsARefTagError() {
        Protected x = protectedBuffer(SignatureDomain.T10Dif.type1(INTERVAL, 2000), SignatureDomain.NONE);
        rdmaRead(x, DATA);
        SignatureError e = x.mr().checkSignatureStatus().orElseThrow();
        assertThat(e.type()).isEqualTo(SignatureErrorType.REF_TAG);
        assertThat(e.expected()).isEqualTo(2000);
        assertThat(e.actual()).isEqualTo(1000);
    }

    @Test
    void anEscapedApplicationTagSkipsTheCheck() {
        Protected x = protectedBuffer(TYPE1, SignatureDomain.NONE);
        byte[] escaped = new byte[8];
        T10Dif.put16(escaped, 0, 0xBAD);
        T10Dif.put16(escaped, 2, 0xFFFF);
        T10Dif.put32(escaped, 4, 77);
        Pair.mem(x.p().devB).write(x.meta() + 8, escaped, 0, 8);
        rdmaRead(x, DATA);
        assertThat(x.mr().checkSignatureStatus()).isEmpty();
    }

    @Test
    void writingPlainDataIntoMemoryPiGeneratesTheTuples() {
        Protected x = protectedBuffer(TYPE1, SignatureDomain.NONE);
        Pair p = x.p();
        long src = buffer(p.devA, DATA, 0x5C);
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, DATA, p.pdA.localDmaLkey()), x.mr().iova(), x.mr().rkey(),
                p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(p.doneA).extracting(WorkCompletion::status).containsExactly(WcStatus.SUCCESS);
        byte[] data = read(p.devB, x.data(), DATA);
        byte[] meta = read(p.devB, x.meta(), BLOCKS * 8);
        assertThat(data).containsOnly(0x5C);
        for (int b = 0; b < BLOCKS; b++) {
            assertThat(T10Dif.get16(meta, b * 8)).isEqualTo(T10Dif.crc16(data, b * INTERVAL, INTERVAL));
            assertThat(T10Dif.get32(meta, b * 8 + 4)).isEqualTo(1000 + b);
        }
    }

    @Test
    void wirePiWithABadGuardIsReportedWhenWritten() {
        Protected x = protectedBuffer(TYPE1, TYPE1);
        Pair p = x.p();
        byte[] wire = rdmaRead(x, DATA + BLOCKS * 8);
        wire[3 * (INTERVAL + 8) + INTERVAL] ^= 1; // flip a guard bit of the last tuple
        long src = buffer(p.devA, wire.length, 0);
        Pair.mem(p.devA).write(src, wire, 0, wire.length);
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, wire.length, p.pdA.localDmaLkey()), x.mr().iova(),
                x.mr().rkey(), p.toA(), SendFlag.SIGNALED));
        p.run();
        SignatureError e = x.mr().checkSignatureStatus().orElseThrow();
        assertThat(e.type()).isEqualTo(SignatureErrorType.GUARD);
        assertThat(e.offset()).isEqualTo(3L * INTERVAL);
    }

    @Test
    void aNewIntegrityRegistrationIsRefusedUntilTheErrorWasCollected() {
        Protected x = protectedBuffer(TYPE1, SignatureDomain.NONE);
        Pair.mem(x.p().devB).write(x.data(), new byte[] {1}, 0, 1);
        rdmaRead(x, DATA);
        Pair p = x.p();
        p.b.postSend(WorkRequest.LocalInvalidate.of(x.mr().rkey(), p.toB()));
        SignatureAttributes sig = new SignatureAttributes(TYPE1, SignatureDomain.NONE, ALL_CHECKS);
        VerbsException refused = org.junit.jupiter.api.Assertions.assertThrows(VerbsException.class,
                () -> p.b.postSend(new WorkRequest.RegIntegrityMr(x.mr(), sig, AccessFlag.all(), Set.of(), p.toB())));
        assertThat(refused.errno()).isEqualTo(Errno.EBUSY);
        assertThat(x.mr().checkSignatureStatus()).isPresent();
        p.b.postSend(new WorkRequest.RegIntegrityMr(x.mr(), sig, AccessFlag.all(), Set.of(), p.toB()));
    }

    @Test
    void integrityRegistrationOfDataThatIsNotWholeIntervalsIsRejected() {
        Pair p = Pair.unconnected(64, i -> i.withIntegrity(true));
        VerbsTestbed.connect(p.a, p.b);
        MemoryRegion mr = p.pdA.allocMr(MrType.INTEGRITY, 4);
        mr.mapSgPi(List.of(new ScatterEntry(buffer(p.devA, 4096, 0), 1000)), List.of(), 4096);
        SignatureAttributes sig = new SignatureAttributes(SignatureDomain.NONE, TYPE1, ALL_CHECKS);
        VerbsException e = org.junit.jupiter.api.Assertions.assertThrows(VerbsException.class,
                () -> p.a.postSend(new WorkRequest.RegIntegrityMr(mr, sig, AccessFlag.all(), Set.of(), p.toA())));
        assertThat(e.getMessage()).contains("not a multiple");
    }

    @Test
    void mapSgPiChoosesPhysicalThenMttThenKlm() {
        Pair p = Pair.connected();
        MemoryRegion mr = p.pdA.allocMr(MrType.INTEGRITY, 8);
        long a = buffer(p.devA, 3 * 4096, 0);
        long meta = buffer(p.devA, 4096, 0);
        mr.mapSgPi(List.of(new ScatterEntry(a, 4096)), List.of(new ScatterEntry(meta + 16, 64)), 4096);
        assertThat(mr.piMapping()).isEqualTo(PiMapping.PHYSICAL);
        mr.mapSgPi(List.of(new ScatterEntry(a, 4096), new ScatterEntry(a + 8192, 4096)),
                List.of(new ScatterEntry(meta + 16, 64)), 4096);
        assertThat(mr.piMapping()).isEqualTo(PiMapping.MTT);
        assertThat(mr.descriptorCount()).isEqualTo(3);
        mr.mapSgPi(List.of(new ScatterEntry(a, 100), new ScatterEntry(a + 8192, 4096)),
                List.of(new ScatterEntry(meta, 64)), 4096);
        assertThat(mr.piMapping()).isEqualTo(PiMapping.KLM);
        assertThat(mr.iova()).isZero();
    }

    @Test
    void integrityRegistrationThroughKlmTakesLongerThanThroughPhysicalMapping() {
        assertThat(registrationTime(true)).isGreaterThan(registrationTime(false));
    }

    private static long registrationTime(boolean klm) {
        Pair p = Pair.unconnected(64, i -> i.withIntegrity(true));
        VerbsTestbed.connect(p.a, p.b);
        MemoryRegion mr = p.pdA.allocMr(MrType.INTEGRITY, 16);
        long a = buffer(p.devA, 16 * 4096, 0);
        long meta = buffer(p.devA, 4096, 0);
        List<ScatterEntry> data = klm
                ? List.of(new ScatterEntry(a, 512), new ScatterEntry(a + 4096, 512), new ScatterEntry(a + 8192, 512),
                        new ScatterEntry(a + 12288, 512), new ScatterEntry(a + 16384, 512))
                : List.of(new ScatterEntry(a, 2560));
        mr.mapSgPi(data, List.of(new ScatterEntry(meta, 40)), 4096);
        long start = p.tb.now();
        p.a.postSend(new WorkRequest.RegIntegrityMr(mr, new SignatureAttributes(TYPE1, TYPE1, ALL_CHECKS),
                AccessFlag.all(), Set.of(SendFlag.SIGNALED), p.toA()));
        p.run();
        return p.doneA.get(0).completedAtNs() - start;
    }

    @Test
    void passRecomputesTheGuardWhenMemoryKeepsTheIpChecksumAndTheWireTheCrc() {
        SignatureDomain.T10Dif ip = new SignatureDomain.T10Dif(T10DifGuard.IP_CSUM, INTERVAL, 0, 0, 1000, true, true,
                true, 0xFFFF);
        Protected x = protectedBuffer(ip, TYPE1);
        byte[] data = read(x.p().devB, x.data(), DATA);
        byte[] meta = new byte[BLOCKS * 8];
        for (int b = 0; b < BLOCKS; b++) { // Linux's T10-DIF-TYPE1-IP tuples in memory
            T10Dif.put16(meta, b * 8, T10Dif.ipChecksum(data, b * INTERVAL, INTERVAL));
            T10Dif.put32(meta, b * 8 + 4, 1000 + b);
        }
        Pair.mem(x.p().devB).write(x.meta(), meta, 0, meta.length);

        byte[] wire = rdmaRead(x, DATA + BLOCKS * 8);
        assertThat(x.mr().checkSignatureStatus()).isEmpty();
        for (int b = 0; b < BLOCKS; b++) {
            int w = b * (INTERVAL + 8);
            assertThat(T10Dif.get16(wire, w + INTERVAL)).isEqualTo(T10Dif.crc16(data, b * INTERVAL, INTERVAL));
            assertThat(T10Dif.get32(wire, w + INTERVAL + 4)).isEqualTo(1000 + b);
        }

        Pair.mem(x.p().devB).write(x.meta(), new byte[BLOCKS * 8], 0, BLOCKS * 8);
        Pair p = x.p();
        long src = buffer(p.devA, wire.length, 0);
        Pair.mem(p.devA).write(src, wire, 0, wire.length);
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, wire.length, p.pdA.localDmaLkey()), x.mr().iova(),
                x.mr().rkey(), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(x.mr().checkSignatureStatus()).isEmpty();
        assertThat(read(p.devB, x.meta(), BLOCKS * 8)).as("back in memory as IP checksums").isEqualTo(meta);
    }

    @Test
    void gatheringThroughAnIntegrityKeyHoldsTheSignatureEngineForEachIntervalsLookupsAndReadRoundTrip() {
        var params = VerbsTestbed.builder().hosts("x").build().device("x").hardware().params();
        long read = params.pcie().readLatencyNs();
        long hit = params.translation().hitNs();
        long indirection = params.translation().klmIndirectionNs();
        assertThat(signatureEngineBusy(PiMappingOrder.MTT_FIRST, true)).isEqualTo(BLOCKS * (2 * hit + read));
        assertThat(signatureEngineBusy(PiMappingOrder.KLM_ONLY, true)).isEqualTo(BLOCKS * (2 * (hit + indirection) + read));
    }

    @Test
    void scatteringThroughAnIntegrityKeyHoldsTheSignatureEngineOnlyForTheLookups() {
        var params = VerbsTestbed.builder().hosts("x").build().device("x").hardware().params();
        long hit = params.translation().hitNs();
        long indirection = params.translation().klmIndirectionNs();
        assertThat(signatureEngineBusy(PiMappingOrder.MTT_FIRST, false)).isEqualTo(BLOCKS * 2 * hit);
        assertThat(signatureEngineBusy(PiMappingOrder.KLM_ONLY, false)).isEqualTo(BLOCKS * 2 * (hit + indirection));
    }

    /**
     * Busy time of b's signature engine for one RDMA READ of the whole wire view of b's integrity MR (two data pages
     * and their PI, mapped in {@code order}) when {@code gather}, else for one RDMA WRITE of it.
     */
    private static long signatureEngineBusy(PiMappingOrder order, boolean gather) {
        Pair p = Pair.unconnected(64, i -> i.withIntegrity(true));
        VerbsTestbed.connect(p.a, p.b);
        long data = buffer(p.devB, DATA, 0);
        long meta = buffer(p.devB, BLOCKS * 8, 0);
        MemoryRegion mr = p.pdB.allocMr(MrType.INTEGRITY, 4);
        List<ScatterEntry> pages = List.of(new ScatterEntry(data, DATA / 2), new ScatterEntry(data + DATA / 2, DATA / 2));
        mr.mapSgPi(pages, List.of(new ScatterEntry(meta, BLOCKS * 8)), 4096, order);
        p.b.postSend(new WorkRequest.RegIntegrityMr(mr, new SignatureAttributes(CRC_TYPE1_ESCAPED, CRC_TYPE1_ESCAPED, 0),
                AccessFlag.all(), Set.of(SendFlag.SIGNALED), p.toB()));
        p.run();
        int wire = DATA + BLOCKS * 8;
        long local = buffer(p.devA, wire, 0);
        long before = p.devB.hardware().signature().busyNs();
        p.a.postSend(gather
                ? WorkRequest.RdmaRead.of(sge(local, wire, p.pdA.localDmaLkey()), mr.iova(), mr.rkey(), p.toA(), SendFlag.SIGNALED)
                : WorkRequest.RdmaWrite.of(sge(local, wire, p.pdA.localDmaLkey()), mr.iova(), mr.rkey(), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(p.doneA).extracting(WorkCompletion::status).containsOnly(WcStatus.SUCCESS);
        return p.devB.hardware().signature().busyNs() - before;
    }

    private static final SignatureDomain.T10Dif CRC_TYPE1_ESCAPED = new SignatureDomain.T10Dif(T10DifGuard.CRC,
            INTERVAL, 0, 0, 0, true, true, true, 0xFFFF);
}
