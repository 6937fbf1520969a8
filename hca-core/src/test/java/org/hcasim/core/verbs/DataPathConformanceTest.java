package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hcasim.core.verbs.Pair.buffer;
import static org.hcasim.core.verbs.Pair.read;
import static org.hcasim.core.verbs.Pair.sge;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.hcasim.core.host.PayloadMode;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.AsyncEventType;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.QpState;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WcOpcode;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/** SEND/RECV, RDMA WRITE and READ: data movement and every way they fail. */
class DataPathConformanceTest {

    @Test
    void sendIsMatchedToPostedReceiveAndDataArrives() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 4096, 0x5A);
        long dst = buffer(p.devB, 4096, 0);
        MemoryRegion srcMr = p.pdA.regMr(src, 4096, Set.of());
        MemoryRegion dstMr = p.pdB.regMr(dst, 4096, Set.of(AccessFlag.LOCAL_WRITE));
        p.b.postRecv(p.recvB(dst, 4096, dstMr.lkey()));
        p.a.postSend(WorkRequest.Send.of(sge(src, 1000, srcMr.lkey()), p.toA(), SendFlag.SIGNALED));
        p.run();

        assertThat(p.doneA).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(WcStatus.SUCCESS);
            assertThat(wc.opcode()).isEqualTo(WcOpcode.SEND);
        });
        assertThat(p.doneB).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(WcStatus.SUCCESS);
            assertThat(wc.opcode()).isEqualTo(WcOpcode.RECV);
            assertThat(wc.byteLength()).isEqualTo(1000);
            assertThat(wc.qp()).isSameAs(p.b);
        });
        byte[] got = read(p.devB, dst, 1001);
        assertThat(got[0]).isEqualTo((byte) 0x5A);
        assertThat(got[999]).isEqualTo((byte) 0x5A);
        assertThat(got[1000]).isEqualTo((byte) 0);
    }

    @Test
    void sendWithImmediateDeliversTheImmediateToTheReceiver() {
        Pair p = Pair.connected();
        long dst = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(dst, 64, p.pdB.localDmaLkey()));
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(new WorkRequest.Send(sge(src, 8, p.pdA.localDmaLkey()), OptionalInt.of(0xC0FFEE),
                Set.of(SendFlag.SIGNALED), p.toA()));
        p.run();
        assertThat(p.doneB).singleElement().satisfies(wc -> assertThat(wc.immediate()).hasValue(0xC0FFEE));
    }

    @Test
    void inlineSendCopiesDataAtPostTimeWithoutCheckingTheLkey() {
        Pair p = Pair.connected();
        p.a = p.pdA.createQp(org.hcasim.verbs.QpInit.of(p.cqA, 8, 8, 2).withInline(64));
        p.b = p.pdB.createQp(org.hcasim.verbs.QpInit.of(p.cqB, 8, 8, 2));
        VerbsTestbed.connect(p.a, p.b);
        long src = buffer(p.devA, 64, 7);
        long dst = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(dst, 64, p.pdB.localDmaLkey()));
        p.a.postSend(WorkRequest.Send.of(sge(src, 32, 0xBAD00), p.toA(), SendFlag.SIGNALED, SendFlag.INLINE));
        Pair.mem(p.devA).write(src, new byte[32], 0, 32); // changed after posting: the WQE already has the bytes
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(read(p.devB, dst, 32)).containsOnly(7);
    }

    @Test
    void receivesAreConsumedInPostingOrder() {
        Pair p = Pair.connected();
        long r1 = buffer(p.devB, 64, 0);
        long r2 = buffer(p.devB, 64, 0);
        List<String> order = new ArrayList<>();
        p.b.postRecv(List.of(new WorkRequest.Recv(sge(r1, 64, p.pdB.localDmaLkey()), wc -> order.add("r1")),
                new WorkRequest.Recv(sge(r2, 64, p.pdB.localDmaLkey()), wc -> order.add("r2"))));
        long s1 = buffer(p.devA, 64, 1);
        long s2 = buffer(p.devA, 64, 2);
        p.a.postSend(List.of(WorkRequest.Send.of(sge(s1, 10, p.pdA.localDmaLkey()), p.toA()),
                WorkRequest.Send.of(sge(s2, 10, p.pdA.localDmaLkey()), p.toA())));
        p.run();
        assertThat(order).containsExactly("r1", "r2");
        assertThat(read(p.devB, r1, 1)[0]).isEqualTo((byte) 1);
        assertThat(read(p.devB, r2, 1)[0]).isEqualTo((byte) 2);
    }

    @Test
    void receiveTooSmallFailsWithLocalLengthErrorAndRequesterGetsRemoteInvalidRequest() {
        Pair p = Pair.connected();
        long dst = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(dst, 16, p.pdB.localDmaLkey()));
        p.b.postRecv(p.recvB(dst, 16, p.pdB.localDmaLkey()));
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(WorkRequest.Send.of(sge(src, 32, p.pdA.localDmaLkey()), p.toA()));
        p.run();
        assertThat(Pair.statuses(p.doneB)).containsExactly(WcStatus.LOC_LEN_ERR, WcStatus.WR_FLUSH_ERR);
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_INV_REQ_ERR);
        assertThat(p.a.state()).isEqualTo(QpState.ERR);
        assertThat(p.b.state()).isEqualTo(QpState.ERR);
        assertThat(p.eventsB).extracting(e -> e.type()).contains(AsyncEventType.QP_REQ_ERR);
    }

    @Test
    void badLkeyOnSendFailsWithLocalProtectionErrorAndFlushesLaterWrs() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 64, 1);
        long dst = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(dst, 64, p.pdB.localDmaLkey()));
        p.a.postSend(List.of(
                WorkRequest.Send.of(sge(src, 8, 0x7777700), p.toA()),
                WorkRequest.Send.of(sge(src, 8, p.pdA.localDmaLkey()), p.toA()),
                WorkRequest.Send.of(sge(src, 8, p.pdA.localDmaLkey()), p.toA())));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.LOC_PROT_ERR, WcStatus.WR_FLUSH_ERR,
                WcStatus.WR_FLUSH_ERR);
        assertThat(p.a.state()).isEqualTo(QpState.ERR);
        assertThat(p.doneB).isEmpty();
        assertThat(read(p.devB, dst, 8)).containsOnly(0);
    }

    @Test
    void sgeBeyondMrBoundsFailsWithLocalProtectionError() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 8192, 1);
        MemoryRegion mr = p.pdA.regMr(src, 4096, Set.of());
        p.a.postSend(WorkRequest.Send.of(sge(src + 4000, 200, mr.lkey()), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.LOC_PROT_ERR);
    }

    @Test
    void lkeyOfAnotherPdFailsWithLocalProtectionError() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 4096, 1);
        MemoryRegion otherPdMr = p.devA.allocPd().regMr(src, 4096, Set.of());
        p.a.postSend(WorkRequest.Send.of(sge(src, 100, otherPdMr.lkey()), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.LOC_PROT_ERR);
    }

    @Test
    void deregisteredMrKeyFailsWithLocalProtectionError() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 4096, 1);
        MemoryRegion mr = p.pdA.regMr(src, 4096, Set.of());
        mr.deregister();
        p.a.postSend(WorkRequest.Send.of(sge(src, 100, mr.lkey()), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.LOC_PROT_ERR);
    }

    @Test
    void receiveBufferWithoutLocalWriteFailsWithLocalAccessErrorAndRemoteOperationError() {
        Pair p = Pair.connected();
        long dst = buffer(p.devB, 4096, 0);
        MemoryRegion readOnly = p.pdB.regMr(dst, 4096, Set.of());
        p.b.postRecv(p.recvB(dst, 4096, readOnly.lkey()));
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(WorkRequest.Send.of(sge(src, 64, p.pdA.localDmaLkey()), p.toA()));
        p.run();
        assertThat(Pair.statuses(p.doneB)).containsExactly(WcStatus.LOC_ACCESS_ERR);
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_OP_ERR);
        assertThat(read(p.devB, dst, 64)).containsOnly(0);
    }

    @Test
    void receiveBufferWithBadKeyFailsWithLocalProtectionErrorAndRemoteOperationError() {
        Pair p = Pair.connected();
        long dst = buffer(p.devB, 4096, 0);
        p.b.postRecv(p.recvB(dst, 4096, 0x4242400));
        long src = buffer(p.devA, 64, 1);
        p.a.postSend(WorkRequest.Send.of(sge(src, 64, p.pdA.localDmaLkey()), p.toA()));
        p.run();
        assertThat(Pair.statuses(p.doneB)).containsExactly(WcStatus.LOC_PROT_ERR);
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_OP_ERR);
        assertThat(p.eventsB).extracting(e -> e.type()).contains(AsyncEventType.QP_FATAL);
    }

    @Test
    void rdmaWriteMovesDataIntoTheRemoteRegion() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 8192, 0x11);
        long dst = buffer(p.devB, 8192, 0);
        MemoryRegion remote = p.pdB.regMr(dst, 8192, AccessFlag.all());
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 5000, p.pdA.localDmaLkey()), dst + 100, remote.rkey(),
                p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(p.doneA.get(0).opcode()).isEqualTo(WcOpcode.RDMA_WRITE);
        byte[] got = read(p.devB, dst, 8192);
        assertThat(got[99]).isEqualTo((byte) 0);
        assertThat(got[100]).isEqualTo((byte) 0x11);
        assertThat(got[5099]).isEqualTo((byte) 0x11);
        assertThat(got[5100]).isEqualTo((byte) 0);
        assertThat(p.doneB).as("RDMA WRITE consumes no receive at the responder").isEmpty();
    }

    @Test
    void rdmaWriteBeyondMrBoundsFailsWithRemoteAccessErrorAndFlushes() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 8192, 0x11);
        long dst = buffer(p.devB, 8192, 0);
        MemoryRegion remote = p.pdB.regMr(dst, 4096, AccessFlag.all());
        p.a.postSend(List.of(
                WorkRequest.RdmaWrite.of(sge(src, 200, p.pdA.localDmaLkey()), dst + 4000, remote.rkey(), p.toA()),
                WorkRequest.RdmaWrite.of(sge(src, 10, p.pdA.localDmaLkey()), dst, remote.rkey(), p.toA(),
                        SendFlag.SIGNALED)));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR, WcStatus.WR_FLUSH_ERR);
        assertThat(p.a.state()).isEqualTo(QpState.ERR);
        assertThat(read(p.devB, dst + 4000, 96)).containsOnly(0);
    }

    @Test
    void rdmaWriteWithoutRemoteWriteAccessFailsWithRemoteAccessError() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 64, 1);
        long dst = buffer(p.devB, 4096, 0);
        MemoryRegion remote = p.pdB.regMr(dst, 4096, Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_READ));
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), dst, remote.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void rdmaWriteToRegionOfAnotherPdFailsWithRemoteAccessError() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 64, 1);
        long dst = buffer(p.devB, 4096, 0);
        MemoryRegion otherPd = p.devB.allocPd().regMr(dst, 4096, AccessFlag.all());
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), dst, otherPd.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
        assertThat(read(p.devB, dst, 64)).containsOnly(0);
    }

    @Test
    void rdmaWriteToQpWithoutRemoteWriteAccessFailsWithRemoteAccessError() {
        Pair p = Pair.unconnected(64, i -> i);
        p.a.modify(org.hcasim.verbs.QpAttributes.toInit(AccessFlag.all()));
        p.b.modify(org.hcasim.verbs.QpAttributes.toInit(Set.of(AccessFlag.LOCAL_WRITE)));
        p.a.modify(org.hcasim.verbs.QpAttributes.toRtr(p.b.address(), 12));
        p.b.modify(org.hcasim.verbs.QpAttributes.toRtr(p.a.address(), 12));
        p.a.modify(org.hcasim.verbs.QpAttributes.toRts(14, 7, 7));
        p.b.modify(org.hcasim.verbs.QpAttributes.toRts(14, 7, 7));
        long src = buffer(p.devA, 64, 1);
        long dst = buffer(p.devB, 4096, 0);
        MemoryRegion remote = p.pdB.regMr(dst, 4096, AccessFlag.all());
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), dst, remote.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void remoteAccessErrorMovesTheResponderQpToErrorWithAnAccessErrorEvent() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 64, 1);
        long recv = buffer(p.devB, 64, 0);
        p.b.postRecv(p.recvB(recv, 64, p.pdB.localDmaLkey()));
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 64, p.pdA.localDmaLkey()), 0x1000, 0x99900, p.toA()));
        p.run();
        assertThat(p.b.state()).isEqualTo(QpState.ERR);
        assertThat(p.eventsB).extracting(e -> e.type()).containsExactly(AsyncEventType.QP_ACCESS_ERR);
        assertThat(Pair.statuses(p.doneB)).as("the responder's receives are flushed").containsExactly(WcStatus.WR_FLUSH_ERR);
    }

    @Test
    void rdmaReadMovesRemoteDataIntoTheLocalBuffer() {
        Pair p = Pair.connected();
        long remoteBuf = buffer(p.devB, 4096, 0x3C);
        MemoryRegion remote = p.pdB.regMr(remoteBuf, 4096, AccessFlag.all());
        long local = buffer(p.devA, 4096, 0);
        p.a.postSend(WorkRequest.RdmaRead.of(List.of(new Sge(local, 100, p.pdA.localDmaLkey()),
                new Sge(local + 2048, 100, p.pdA.localDmaLkey())), remoteBuf, remote.rkey(), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(p.doneA).singleElement().satisfies(wc -> {
            assertThat(wc.status()).isEqualTo(WcStatus.SUCCESS);
            assertThat(wc.opcode()).isEqualTo(WcOpcode.RDMA_READ);
            assertThat(wc.byteLength()).isEqualTo(200);
        });
        assertThat(read(p.devA, local, 100)).containsOnly(0x3C);
        assertThat(read(p.devA, local + 100, 1)).containsOnly(0);
        assertThat(read(p.devA, local + 2048, 100)).containsOnly(0x3C);
    }

    @Test
    void rdmaReadWithoutRemoteReadAccessFailsWithRemoteAccessError() {
        Pair p = Pair.connected();
        long remoteBuf = buffer(p.devB, 4096, 0x3C);
        MemoryRegion remote = p.pdB.regMr(remoteBuf, 4096, Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE));
        long local = buffer(p.devA, 4096, 0);
        p.a.postSend(WorkRequest.RdmaRead.of(sge(local, 100, p.pdA.localDmaLkey()), remoteBuf, remote.rkey(),
                p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
        assertThat(read(p.devA, local, 100)).containsOnly(0);
    }

    @Test
    void rdmaReadIntoBufferWithoutLocalWriteFailsWithLocalProtectionError() {
        Pair p = Pair.connected();
        long remoteBuf = buffer(p.devB, 4096, 0x3C);
        MemoryRegion remote = p.pdB.regMr(remoteBuf, 4096, AccessFlag.all());
        long local = buffer(p.devA, 4096, 0);
        MemoryRegion readOnly = p.pdA.regMr(local, 4096, Set.of());
        p.a.postSend(WorkRequest.RdmaRead.of(sge(local, 100, readOnly.lkey()), remoteBuf, remote.rkey(),
                p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.LOC_PROT_ERR);
        assertThat(read(p.devA, local, 100)).containsOnly(0);
    }

    @Test
    void unsignaledSuccessHasNoCompletionButErrorsAlwaysComplete() {
        Pair p = Pair.connected();
        long src = buffer(p.devA, 64, 1);
        long dst = buffer(p.devB, 4096, 0);
        MemoryRegion remote = p.pdB.regMr(dst, 4096, AccessFlag.all());
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), dst, remote.rkey(), p.toA()));
        p.run();
        assertThat(p.doneA).isEmpty();
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), dst, remote.rkey() ^ 0x100, p.toA()));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void signalAllQpReportsEveryWorkRequest() {
        Pair p = Pair.unconnected(64, i -> i.withSignalAll(true));
        VerbsTestbed.connect(p.a, p.b);
        long src = buffer(p.devA, 64, 1);
        long dst = buffer(p.devB, 4096, 0);
        MemoryRegion remote = p.pdB.regMr(dst, 4096, AccessFlag.all());
        p.a.postSend(List.of(
                WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), dst, remote.rkey(), p.toA()),
                WorkRequest.RdmaWrite.of(sge(src, 8, p.pdA.localDmaLkey()), dst + 8, remote.rkey(), p.toA())));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS, WcStatus.SUCCESS);
    }

    @Test
    void completionsArriveInPostingOrderAcrossOperationTypes() {
        Pair p = Pair.connected();
        long local = buffer(p.devA, 1 << 20, 1);
        long remoteBuf = buffer(p.devB, 1 << 20, 2);
        MemoryRegion remote = p.pdB.regMr(remoteBuf, 1 << 20, AccessFlag.all());
        List<String> order = new ArrayList<>();
        p.a.postSend(List.of(
                WorkRequest.RdmaRead.of(sge(local, 1 << 19, p.pdA.localDmaLkey()), remoteBuf, remote.rkey(),
                        wc -> order.add("big read"), SendFlag.SIGNALED),
                WorkRequest.RdmaWrite.of(sge(local + (1 << 19), 8, p.pdA.localDmaLkey()), remoteBuf + (1 << 19),
                        remote.rkey(), wc -> order.add("small write"), SendFlag.SIGNALED)));
        p.run();
        assertThat(order).containsExactly("big read", "small write");
    }

    @Test
    void elidedPayloadSkipsBytesButKeepsEveryCheck() {
        Pair p = Pair.connected(PayloadMode.ELIDED);
        long src = Pair.mem(p.devA).allocatePayload(4096, 4096);
        long dst = Pair.mem(p.devB).allocatePayload(4096, 4096);
        MemoryRegion remote = p.pdB.regMr(dst, 4096, AccessFlag.all());
        p.a.postSend(List.of(
                WorkRequest.RdmaWrite.of(sge(src, 4096, p.pdA.localDmaLkey()), dst, remote.rkey(), p.toA(),
                        SendFlag.SIGNALED),
                WorkRequest.RdmaWrite.of(sge(src, 4096, p.pdA.localDmaLkey()), dst + 1, remote.rkey(), p.toA(),
                        SendFlag.SIGNALED)));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS, WcStatus.REM_ACCESS_ERR);
    }

    @Test
    void elidedPayloadStillCarriesControlBytesAndReadsPayloadAsZeros() {
        Pair p = Pair.connected(PayloadMode.ELIDED);
        long capsule = Pair.mem(p.devA).allocate(64, 64);
        Pair.mem(p.devA).write(capsule, new byte[] {1, 2, 3, 4}, 0, 4);
        long data = Pair.mem(p.devA).allocatePayload(4096, 4096);
        long dst = Pair.mem(p.devB).allocate(64 + 4096, 4096);
        p.b.postRecv(p.recvB(dst, 64 + 4096, p.pdB.localDmaLkey()));
        p.a.postSend(WorkRequest.Send.of(List.of(new Sge(capsule, 64, p.pdA.localDmaLkey()),
                new Sge(data, 4096, p.pdA.localDmaLkey())), p.toA(), SendFlag.SIGNALED));
        p.run();

        assertThat(Pair.statuses(p.doneB)).containsExactly(WcStatus.SUCCESS);
        byte[] got = read(p.devB, dst, 64 + 4096);
        assertThat(java.util.Arrays.copyOf(got, 4)).containsExactly(1, 2, 3, 4);
        assertThat(java.util.Arrays.copyOfRange(got, 64, 64 + 4096)).containsOnly(0);
    }

    @Test
    void messageLongerThanTheMaximumFailsWithLocalLengthError() {
        Pair p = Pair.connected(PayloadMode.ELIDED);
        long big = Pair.mem(p.devA).allocatePayload((1L << 30) + 4096, 4096);
        MemoryRegion remote = p.pdB.regMr(Pair.mem(p.devB).allocate(4096, 4096), 4096, AccessFlag.all());
        p.a.postSend(WorkRequest.RdmaWrite.of(sge(big, (1 << 30) + 1, p.pdA.localDmaLkey()), remote.iova(),
                remote.rkey(), p.toA(), SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.LOC_LEN_ERR);
    }

    private static byte[] readThenWrite(boolean fence) {
        Pair p = Pair.connected();
        long remote = buffer(p.devB, 8192, 0);
        Pair.mem(p.devB).write(remote, new byte[] {9, 9, 9, 9}, 0, 4);
        MemoryRegion mr = p.pdB.regMr(remote, 8192, AccessFlag.all());
        long local = buffer(p.devA, 64, 1);
        SendFlag[] flags = fence ? new SendFlag[] {SendFlag.SIGNALED, SendFlag.FENCE} : new SendFlag[] {SendFlag.SIGNALED};
        p.a.postSend(List.of(
                WorkRequest.RdmaRead.of(sge(local, 4, p.pdA.localDmaLkey()), remote, mr.rkey(), p.toA(), SendFlag.SIGNALED),
                WorkRequest.RdmaWrite.of(sge(local, 4, p.pdA.localDmaLkey()), remote + 4096, mr.rkey(), p.toA(), flags)));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS, WcStatus.SUCCESS);
        return read(p.devB, remote + 4096, 4);
    }

    @Test
    void fenceMakesAWriteWaitForTheDataOfAnEarlierRead() {
        assertThat(readThenWrite(true)).containsOnly(9);
    }

    @Test
    void withoutFenceAWriteBehindAReadGathersTheOldLocalData() {
        assertThat(readThenWrite(false)).containsOnly(1);
    }

    private static List<Long> completionTimesOfAMixedRun() {
        Pair p = Pair.connected();
        long local = buffer(p.devA, 1 << 16, 1);
        long remoteBuf = buffer(p.devB, 1 << 16, 2);
        MemoryRegion remote = p.pdB.regMr(remoteBuf, 1 << 16, AccessFlag.all());
        p.b.postRecv(p.recvB(remoteBuf, 4096, p.pdB.localDmaLkey()));
        p.a.postSend(List.of(
                WorkRequest.RdmaWrite.of(sge(local, 30000, p.pdA.localDmaLkey()), remoteBuf, remote.rkey(), p.toA(),
                        SendFlag.SIGNALED),
                WorkRequest.RdmaRead.of(sge(local + 40000, 5000, p.pdA.localDmaLkey()), remoteBuf, remote.rkey(),
                        p.toA(), SendFlag.SIGNALED),
                WorkRequest.Send.of(sge(local, 100, p.pdA.localDmaLkey()), p.toA(), SendFlag.SIGNALED)));
        p.run();
        List<Long> times = new ArrayList<>();
        p.doneA.forEach(wc -> times.add(wc.completedAtNs()));
        p.doneB.forEach(wc -> times.add(wc.completedAtNs()));
        times.add(p.tb.now());
        return times;
    }

    @Test
    void theSameInputsGiveTheSameCompletionTimes() {
        List<Long> first = completionTimesOfAMixedRun();
        assertThat(first).hasSize(5);
        assertThat(completionTimesOfAMixedRun()).isEqualTo(first);
    }
}
