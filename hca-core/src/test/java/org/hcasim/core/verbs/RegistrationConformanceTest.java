package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hcasim.core.verbs.Pair.buffer;
import static org.hcasim.core.verbs.Pair.read;
import static org.hcasim.core.verbs.Pair.sge;

import java.util.List;
import java.util.Set;
import org.hcasim.core.hw.FirmwareCommand;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/** Memory registration: user MRs, fast registration through UMR, invalidation and key variants. */
class RegistrationConformanceTest {

    @Test
    void regMrWithRemoteWriteWithoutLocalWriteIsRejected() {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, 4096, 0);
        assertThatThrownBy(() -> p.pdA.regMr(buf, 4096, Set.of(AccessFlag.REMOTE_WRITE)))
                .isInstanceOf(VerbsException.class).hasMessageContaining("without LOCAL_WRITE");
    }

    @Test
    void regMrWithRemoteAtomicWithoutLocalWriteIsRejected() {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, 4096, 0);
        assertThat(Pair.errnoOf(() -> p.pdA.regMr(buf, 4096, Set.of(AccessFlag.REMOTE_ATOMIC)))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void regMrOfMemoryThatIsNotAllocatedIsRejected() {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, 4096, 0);
        assertThatThrownBy(() -> p.pdA.regMr(buf, 8192, AccessFlag.all()))
                .isInstanceOf(VerbsException.class).hasMessageContaining("not allocated");
    }

    @Test
    void regMrWithNonPositiveLengthIsRejected() {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, 4096, 0);
        assertThat(Pair.errnoOf(() -> p.pdA.regMr(buf, 0, AccessFlag.all()))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void userMrIsValidAtOnceWithLkeyEqualToRkeyAndVariantZero() {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, 4096, 0);
        MemoryRegion mr = p.pdA.regMr(buf, 4096, AccessFlag.all());
        assertThat(mr.isValid()).isTrue();
        assertThat(mr.lkey()).isEqualTo(mr.rkey());
        assertThat(mr.keyVariant()).isZero();
        assertThat(mr.iova()).isEqualTo(buf);
        assertThat(mr.length()).isEqualTo(4096);
    }

    @Test
    void allocMrBeyondTheFastRegistrationListLimitIsRejected() {
        Pair p = Pair.connected();
        int limit = p.devA.attributes().maxFastRegPageListLen();
        assertThat(Pair.errnoOf(() -> p.pdA.allocMr(MrType.MEM_REG, limit + 1))).isEqualTo(Errno.EINVAL);
        assertThat(p.pdA.allocMr(MrType.MEM_REG, limit).maxSg()).isEqualTo(limit);
    }

    @Test
    void creatingAnMkeyIsAFirmwareCommand() {
        Pair p = Pair.connected();
        var firmware = p.devA.hardware().firmware();
        long before = firmware.count(FirmwareCommand.CREATE_MKEY);
        long busyBefore = firmware.timeline().busyNs();
        p.pdA.allocMr(MrType.MEM_REG, 32);
        assertThat(firmware.count(FirmwareCommand.CREATE_MKEY) - before).isEqualTo(1);
        assertThat(firmware.timeline().busyNs() - busyBefore).as("the command, then its 32 MTT entries written to ICM")
                .isEqualTo(firmware.latencyNs(FirmwareCommand.CREATE_MKEY) + firmware.tableInitNs(32 * 8));
    }

    @Test
    void fastRegistrationMrIsInvalidUntilItsRegMrExecutes() {
        Pair p = Pair.connected();
        MemoryRegion mr = p.pdB.allocMr(MrType.MEM_REG, 8);
        long dst = buffer(p.devB, 4096, 0);
        mr.mapSg(List.of(new ScatterEntry(dst, 4096)), 4096);
        assertThat(mr.isValid()).isFalse();
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), dst, mr.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void regMrWorkRequestMakesTheKeyUsableForRemoteWriteThroughItsMttTranslation() {
        Pair p = Pair.connected();
        long page1 = buffer(p.devB, 4096, 0);
        long page2 = buffer(p.devB, 4096, 0); // not adjacent to page1 in host memory
        MemoryRegion mr = p.pdB.allocMr(MrType.MEM_REG, 8);
        assertThat(mr.mapSg(List.of(new ScatterEntry(page1 + 2048, 2048), new ScatterEntry(page2, 4096)), 4096))
                .isEqualTo(2);
        p.b.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toB(), SendFlag.SIGNALED));
        p.run();
        assertThat(p.doneB).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(WcStatus.SUCCESS);
            assertThat(wc.opcode()).isEqualTo(WcOpcode.REG_MR);
        });
        assertThat(mr.isValid()).isTrue();
        assertThat(mr.iova()).isEqualTo(page1 + 2048);
        assertThat(mr.length()).isEqualTo(6144);

        long src = buffer(p.devA, 6144, 0x77);
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 6144, p.pdA.localDmaLkey()), mr.iova(), mr.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(read(p.devB, page1, 2048)).containsOnly(0);
        assertThat(read(p.devB, page1 + 2048, 2048)).containsOnly(0x77);
        assertThat(read(p.devB, page2, 4096)).containsOnly(0x77);
    }

    @Test
    void sgGapsMrMapsAListWithGapsAndDataLandsInEachPiece() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 16384, 0);
        MemoryRegion mr = p.pdB.allocMr(MrType.SG_GAPS, 4);
        List<ScatterEntry> gappy = List.of(new ScatterEntry(buf + 100, 300), new ScatterEntry(buf + 5000, 700),
                new ScatterEntry(buf + 12000, 24));
        assertThat(mr.mapSg(gappy, 4096)).isEqualTo(3);
        assertThat(mr.descriptorCount()).isEqualTo(3);
        p.b.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toB(), SendFlag.SIGNALED));
        long src = buffer(p.devA, 1024, 0x42);
        p.run();
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 1024, p.pdA.localDmaLkey()), mr.iova(), mr.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(read(p.devB, buf + 100, 300)).containsOnly(0x42);
        assertThat(read(p.devB, buf + 400, 4600)).containsOnly(0);
        assertThat(read(p.devB, buf + 5000, 700)).containsOnly(0x42);
        assertThat(read(p.devB, buf + 12000, 24)).containsOnly(0x42);
        assertThat(read(p.devB, buf + 12024, 1)).containsOnly(0);
    }

    @Test
    void memRegMrRefusesAListWithGaps() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 16384, 0);
        MemoryRegion mr = p.pdB.allocMr(MrType.MEM_REG, 8);
        assertThat(mr.mapSg(List.of(new ScatterEntry(buf, 1000), new ScatterEntry(buf + 4096, 4096)), 4096))
                .as("the first element ends inside a page and the next is not contiguous").isEqualTo(1);
    }

    @Test
    void reRegistrationChangesTheKeyVariant() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.allocMr(MrType.MEM_REG, 8);
        mr.mapSg(List.of(new ScatterEntry(buf, 4096)), 4096);
        p.b.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toB()));
        int first = mr.rkey();
        p.b.postSend(WorkRequest.LocalInvalidate.of(first, p.toB()));
        p.b.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toB(), SendFlag.SIGNALED));
        int second = mr.rkey();
        p.run();
        assertThat(Pair.statuses(p.doneB)).containsExactly(WcStatus.SUCCESS);
        assertThat(second >>> 8).isEqualTo(first >>> 8);
        assertThat(second & 0xFF).isEqualTo(((first & 0xFF) + 1) & 0xFF);
        assertThat(mr.isValid()).isTrue();
    }

    @Test
    void staleRkeyAfterReRegistrationFailsWithRemoteAccessError() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.allocMr(MrType.MEM_REG, 8);
        mr.mapSg(List.of(new ScatterEntry(buf, 4096)), 4096);
        p.b.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toB()));
        int stale = mr.rkey();
        p.b.postSend(WorkRequest.LocalInvalidate.of(stale, p.toB()));
        p.b.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toB()));
        p.run();
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), buf, stale, p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void localInvalidateMakesTheKeyUnusable() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.allocMr(MrType.MEM_REG, 8);
        mr.mapSg(List.of(new ScatterEntry(buf, 4096)), 4096);
        p.b.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toB()));
        p.b.postSend(WorkRequest.LocalInvalidate.of(mr.rkey(), p.toB(), SendFlag.SIGNALED));
        p.run();
        assertThat(p.doneB).singleElement().satisfies(wc -> assertThat(wc.opcode()).isEqualTo(WcOpcode.LOCAL_INV));
        assertThat(mr.isValid()).isFalse();
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), buf, mr.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void sendWithInvalidateInvalidatesTheKeyAtTheResponderAndReportsIt() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.allocMr(MrType.MEM_REG, 8);
        mr.mapSg(List.of(new ScatterEntry(buf, 4096)), 4096);
        p.b.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toB()));
        long rbuf = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(rbuf, 64, p.pdB.localDmaLkey()));
        p.run();
        long src = buffer(p.devA, 16, 1);
        p.a.postSend(WorkRequest.SendWithInvalidate.of(sge(src, 16, p.pdA.localDmaLkey()), mr.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(p.doneB).singleElement().satisfies(wc -> assertThat(wc.invalidatedRkey()).hasValue(mr.rkey()));
        assertThat(mr.isValid()).isFalse();
    }

    @Test
    void sendWithInvalidateOfAUserMrKeyFailsWithRemoteAccessError() {
        Pair p = Pair.connected();
        long buf = buffer(p.devB, 4096, 0);
        MemoryRegion user = p.pdB.regMr(buf, 4096, AccessFlag.all());
        p.b.postRecv(p.recvB(buf, 64, p.pdB.localDmaLkey()));
        long src = buffer(p.devA, 16, 1);
        p.a.postSend(WorkRequest.SendWithInvalidate.of(sge(src, 16, p.pdA.localDmaLkey()), user.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
        assertThat(user.isValid()).isTrue();
    }

    @Test
    void regMrOfAStillValidKeyFailsWithMemoryBindError() {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, 4096, 0);
        MemoryRegion mr = p.pdA.allocMr(MrType.MEM_REG, 8);
        mr.mapSg(List.of(new ScatterEntry(buf, 4096)), 4096);
        p.a.postSend(List.of(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toA()),
                WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toA())));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.MW_BIND_ERR);
    }

    @Test
    void localInvalidateOfAKeyOfAnotherPdFailsWithMemoryBindError() {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, 4096, 0);
        MemoryRegion foreign = p.devA.allocPd().allocMr(MrType.MEM_REG, 8);
        foreign.mapSg(List.of(new ScatterEntry(buf, 4096)), 4096);
        p.a.postSend(WorkRequest.LocalInvalidate.of(foreign.rkey(), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.MW_BIND_ERR);
    }

    @Test
    void regMrOfAnUnmappedMrFailsWithLocalQpOperationError() {
        Pair p = Pair.connected();
        MemoryRegion mr = p.pdA.allocMr(MrType.MEM_REG, 8);
        p.a.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.LOC_QP_OP_ERR);
    }

    @Test
    void regMrWorkRequestWithRemoteWriteWithoutLocalWriteIsRejectedAtPost() {
        Pair p = Pair.connected();
        MemoryRegion mr = p.pdA.allocMr(MrType.MEM_REG, 8);
        mr.mapSg(List.of(new ScatterEntry(buffer(p.devA, 4096, 0), 4096)), 4096);
        assertThat(Pair.errnoOf(() -> p.a.postSend(WorkRequest.RegMr.of(mr, Set.of(AccessFlag.REMOTE_WRITE), p.toA()))))
                .isEqualTo(Errno.EINVAL);
        assertThat(p.a.outstandingSends()).isZero();
    }

    @Test
    void mapSgOnAUserMrIsRejected() {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, 4096, 0);
        MemoryRegion user = p.pdA.regMr(buf, 4096, AccessFlag.all());
        assertThat(Pair.errnoOf(() -> user.mapSg(List.of(new ScatterEntry(buf, 4096)), 4096))).isEqualTo(Errno.EINVAL);
    }

    @Test
    void regIntegrityMrOnAQpWithoutIntegrityIsRejectedAtPost() {
        Pair p = Pair.connected();
        MemoryRegion mr = p.pdA.allocMr(MrType.INTEGRITY, 8);
        long data = buffer(p.devA, 4096, 0);
        long meta = buffer(p.devA, 64, 0);
        mr.mapSgPi(List.of(new ScatterEntry(data, 4096)), List.of(new ScatterEntry(meta, 64)), 4096);
        SignatureAttributes sig = new SignatureAttributes(SignatureDomain.NONE,
                SignatureDomain.T10Dif.type1(512, 0), SignatureAttributes.CHECK_GUARD);
        assertThatThrownBy(() -> p.a.postSend(new WorkRequest.RegIntegrityMr(mr, sig, AccessFlag.all(), Set.of(),
                p.toA()))).isInstanceOf(VerbsException.class).hasMessageContaining("integrityEnabled");
    }

    @Test
    void deallocatingAPdThatStillHasRegionsFailsWithEbusy() {
        Pair p = Pair.connected();
        var pd = p.devA.allocPd();
        MemoryRegion mr = pd.regMr(buffer(p.devA, 4096, 0), 4096, AccessFlag.all());
        assertThat(Pair.errnoOf(pd::dealloc)).isEqualTo(Errno.EBUSY);
        mr.deregister();
        pd.dealloc();
    }

    @Test
    void nextKeyIsTheKeyAPostedRegMrInstalls() {
        Pair p = Pair.connected();
        MemoryRegion mr = p.pdA.allocMr(MrType.MEM_REG, 8);
        mr.mapSg(List.of(new ScatterEntry(buffer(p.devA, 4096, 0), 4096)), 4096);
        int next = mr.nextKey();
        p.a.postSend(List.of(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toA()),
                WorkRequest.LocalInvalidate.of(next, p.toA(), SendFlag.SIGNALED)));
        p.run();
        assertThat(mr.rkey()).isEqualTo(next);
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(mr.isValid()).isFalse();
    }

    @Test
    void unsafeGlobalRkeyReachesAnyHostMemoryButOnlyFromQpsOfItsPd() {
        Pair p = Pair.connected();
        long dst = buffer(p.devB, 4096, 0);
        long src = buffer(p.devA, 64, 3);
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), dst + 64, p.pdB.unsafeGlobalRkey(),
                p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(read(p.devB, dst + 64, 64)).containsOnly(3);
        int otherPdKey = p.devB.allocPd().unsafeGlobalRkey();
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), dst, otherPdKey, p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS, WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void aConnectX3HasNoKlmOrIntegrityRegions() {
        VerbsTestbed tb = VerbsTestbed.builder().hosts("old").coresPerHost(2).hca("connectx3").build();
        var pd = tb.device("old").allocPd();
        assertThat(Pair.errnoOf(() -> pd.allocMr(MrType.SG_GAPS, 4))).isEqualTo(Errno.EOPNOTSUPP);
        assertThat(Pair.errnoOf(() -> pd.allocMr(MrType.INTEGRITY, 4))).isEqualTo(Errno.EOPNOTSUPP);
        assertThat(pd.allocMr(MrType.MEM_REG, 511).maxSg()).isEqualTo(511);
    }

    @Test
    void umrWithAListAboveTheInlineThresholdWaitsForTheListDmaRead() {
        long inline = registrationTime(8);   // 8 MTT entries = 64 bytes: inline
        long fetched = registrationTime(9);  // 12 entries (rounded to 4) = 96 bytes: DMA read first
        var pcie = org.hcasim.core.profile.Profiles.hca("connectx5").params().pcie();
        assertThat(fetched - inline).as("at least the shortest PCIe read round trip")
                .isGreaterThanOrEqualTo(pcie.readLatencyNs() - pcie.readLatencySpreadNs() / 2);
    }

    private static long registrationTime(int pages) {
        Pair p = Pair.connected();
        long buf = buffer(p.devA, pages * 4096, 0);
        MemoryRegion mr = p.pdA.allocMr(MrType.MEM_REG, 16);
        mr.mapSg(List.of(new ScatterEntry(buf, pages * 4096)), 4096);
        assertThat(mr.descriptorCount()).isEqualTo(pages);
        long start = p.tb.now();
        p.a.postSend(WorkRequest.RegMr.of(mr, AccessFlag.all(), p.toA(), SendFlag.SIGNALED));
        p.run();
        return p.doneA.get(0).completedAtNs() - start;
    }
}
