package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.hcasim.core.fault.FaultLedger;
import org.hcasim.core.fault.FaultLedger.Section;
import org.hcasim.core.fault.FaultSettings;
import org.hcasim.core.fault.Faults;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * RC recovery from packets the wire loses or corrupts (docs/faults.md): a lost request that nothing follows is
 * resent when its ACK timer (67 ms, rdma_cm's) expires; a packet lost inside a message makes the responder NAK the
 * rest out of sequence, and the requester goes back at once; a corrupted packet is dropped for its ICRC by the
 * receiving HCA; a link that stays down exhausts the retry count (RETRY_EXC_ERR, the QP to ERR).
 */
class WireFaultTest {
    private static final long ACK_TIMEOUT_NS = IbTimers.ackTimeoutNs(CmDefaults.TIMEOUT);

    private static FaultSettings drop(long... packets) {
        return new FaultSettings(0, 0, packets, new long[0], 0, 0, 0, "", 0, 0);
    }

    /** One signaled RDMA WRITE of {@code length} bytes from a to b; returns its completion. */
    private static WorkCompletion write(Pair p, int length) {
        long src = Pair.buffer(p.devA, length, 0x5A);
        long dst = Pair.buffer(p.devB, length, 0);
        MemoryRegion local = p.pdA.regMr(src, length, AccessFlag.all());
        MemoryRegion remote = p.pdB.regMr(dst, length, AccessFlag.all());
        p.a.postSend(WorkRequest.RdmaWrite.of(Pair.sge(src, length, local.lkey()), dst, remote.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(p.doneA).hasSize(1);
        if (p.doneA.get(0).ok()) {
            assertThat(Pair.read(p.devB, dst, length)).containsOnly((byte) 0x5A);
        }
        return p.doneA.get(0);
    }

    private static FaultLedger ledger(Pair p) {
        return Faults.of(p.tb.simulation()).ledger();
    }

    @Test
    void a_lost_request_with_nothing_after_it_is_resent_when_its_ack_timer_expires() {
        Pair p = Pair.connected(drop(1), 1);
        WorkCompletion wc = write(p, 512);
        assertThat(wc.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(wc.completedAtNs()).isGreaterThan(ACK_TIMEOUT_NS);
        FaultLedger l = ledger(p);
        assertThat(l.get(Section.INJECTED, "packets lost")).isEqualTo(1);
        assertThat(l.get(Section.TRANSPORT, "go-back-N after an ACK timeout")).isEqualTo(1);
        assertThat(l.get(Section.TRANSPORT, "requests retransmitted")).isEqualTo(1);
        assertThat(l.get(Section.RECOVERED, "packets lost or corrupted, of work that then succeeded")).isEqualTo(1);
    }

    @Test
    void a_packet_lost_inside_a_message_is_nakked_out_of_sequence_and_resent_at_once() {
        Pair p = Pair.connected(drop(2), 1); // the second of the four 1 KiB packets of a 4 KiB WRITE
        WorkCompletion wc = write(p, 4096);
        assertThat(wc.status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(wc.completedAtNs()).isLessThan(1_000_000);
        assertThat(ledger(p).get(Section.TRANSPORT, "go-back-N after a sequence NAK")).isEqualTo(1);
        assertThat(ledger(p).get(Section.TRANSPORT, "go-back-N after an ACK timeout")).isZero();
    }

    @Test
    void a_lost_ack_is_answered_by_the_next_one() {
        // packets 1 and 2: the two WRITEs (the send queue pipelines them), packet 3: the first one's ACK
        Pair p = Pair.connected(drop(3), 1);
        long src = Pair.buffer(p.devA, 2048, 1);
        long dst = Pair.buffer(p.devB, 2048, 0);
        MemoryRegion local = p.pdA.regMr(src, 2048, AccessFlag.all());
        MemoryRegion remote = p.pdB.regMr(dst, 2048, AccessFlag.all());
        for (int i = 0; i < 2; i++) {
            p.a.postSend(WorkRequest.RdmaWrite.of(Pair.sge(src + i * 1024L, 1024, local.lkey()), dst + i * 1024L,
                    remote.rkey(), p.toA(), SendFlag.SIGNALED));
        }
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS, WcStatus.SUCCESS);
        assertThat(p.doneA.get(1).completedAtNs()).isLessThan(ACK_TIMEOUT_NS);
        assertThat(ledger(p).get(Section.TRANSPORT, "requests retransmitted")).isZero();
    }

    @Test
    void a_lost_read_response_makes_the_requester_read_again() {
        Pair p = Pair.connected(drop(2), 1); // packet 1: the READ request, packet 2: its response
        long src = Pair.buffer(p.devB, 1024, 0x33);
        long dst = Pair.buffer(p.devA, 1024, 0);
        MemoryRegion local = p.pdA.regMr(dst, 1024, AccessFlag.all());
        MemoryRegion remote = p.pdB.regMr(src, 1024, AccessFlag.all());
        p.a.postSend(WorkRequest.RdmaRead.of(Pair.sge(dst, 1024, local.lkey()), src, remote.rkey(), p.toA(),
                SendFlag.SIGNALED));
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS);
        assertThat(Pair.read(p.devA, dst, 1024)).containsOnly((byte) 0x33);
        assertThat(ledger(p).get(Section.TRANSPORT, "go-back-N after an ACK timeout")).isEqualTo(1);
    }

    @Test
    void a_corrupted_packet_is_dropped_for_its_icrc_and_resent() {
        Pair p = Pair.connected(new FaultSettings(0, 0, new long[0], new long[] {1}, 0, 0, 0, "", 0, 0), 1);
        assertThat(write(p, 512).status()).isEqualTo(WcStatus.SUCCESS);
        assertThat(ledger(p).get(Section.INJECTED, "packets corrupted")).isEqualTo(1);
        assertThat(ledger(p).get(Section.CAUGHT, "ICRC at b/mlx5_0")).isEqualTo(1);
    }

    @Test
    void a_link_that_stays_down_exhausts_the_retry_count() {
        Pair p = Pair.connected(new FaultSettings(0, 0, new long[0], new long[0], 0, 0, 0, "b", 0,
                FaultSettings.MAX_DURATION_NS), 1);
        WorkCompletion wc = write(p, 512);
        assertThat(wc.status()).isEqualTo(WcStatus.RETRY_EXC_ERR);
        assertThat(wc.completedAtNs()).isGreaterThan((CmDefaults.RETRY + 1) * ACK_TIMEOUT_NS);
        FaultLedger l = ledger(p);
        assertThat(l.get(Section.INJECTED, "packets lost to link down")).isEqualTo(CmDefaults.RETRY + 1);
        assertThat(l.get(Section.FAILED, "RETRY_EXC_ERR completions")).isEqualTo(1);
        assertThat(l.get(Section.FAILED, "packets lost or corrupted, of work that then failed")).isEqualTo(CmDefaults.RETRY + 1);
    }

    @Test
    void the_same_seed_loses_the_same_packets() {
        FaultSettings lossy = new FaultSettings(0.2, 1e-5, new long[0], new long[0], 0, 0, 0, "", 0, 0);
        List<String> first = runLossy(lossy);
        assertThat(runLossy(lossy)).isEqualTo(first).isNotEmpty();
    }

    private static List<String> runLossy(FaultSettings faults) {
        Pair p = Pair.connected(faults, 7);
        long src = Pair.buffer(p.devA, 8192, 1);
        long dst = Pair.buffer(p.devB, 8192, 0);
        MemoryRegion local = p.pdA.regMr(src, 8192, AccessFlag.all());
        MemoryRegion remote = p.pdB.regMr(dst, 8192, AccessFlag.all());
        for (int i = 0; i < 8; i++) {
            p.a.postSend(WorkRequest.RdmaWrite.of(Pair.sge(src + i * 1024L, 1024, local.lkey()), dst + i * 1024L,
                    remote.rkey(), p.toA(), SendFlag.SIGNALED));
        }
        p.run();
        assertThat(Pair.statuses(p.doneA)).containsOnly(WcStatus.SUCCESS);
        return ledger(p).lines();
    }
}
