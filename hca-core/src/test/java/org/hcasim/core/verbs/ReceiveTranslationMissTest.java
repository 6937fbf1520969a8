package org.hcasim.core.verbs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.hcasim.core.hw.Port;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.WcStatus;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The receive pipeline translates incoming data through the key it names; a translation-cache miss stops the
 * port's receive side for the profile's stall (booked on the port's rx link as "translation-miss pause"), while
 * physical-address keys need no translation at all.
 */
class ReceiveTranslationMissTest {
    private Pair p;
    private long stallNs;

    @BeforeEach
    void connect() {
        p = Pair.connected();
        stallNs = p.devB.hardware().params().translation().receiveMissStallNs();
        assertThat(stallNs).as("the default profile's receive miss stall").isPositive();
    }

    private long pausedNs() {
        return p.devB.hardware().port().rx().busyByCause().getOrDefault(HardwareDataPath.RECEIVE_MISS_PAUSE, 0L);
    }

    private void writeInto(MemoryRegion target, long address) {
        long src = Pair.buffer(p.devA, 4096, 7);
        p.a.postSend(WorkRequest.RdmaWrite.of(Pair.sge(src, 4096, p.pdA.localDmaLkey()), address, target.rkey(),
                p.toA(), SendFlag.SIGNALED));
        p.run();
    }

    @Test
    void theFirstWriteThroughAKeyMissesAndPausesTheReceiversPortOnce() {
        long dst = Pair.buffer(p.devB, 4096, 0);
        MemoryRegion mr = p.pdB.regMr(dst, 4096, Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE));

        writeInto(mr, dst);
        assertThat(pausedNs()).isEqualTo(stallNs);
        writeInto(mr, dst);

        assertThat(Pair.statuses(p.doneA)).containsExactly(WcStatus.SUCCESS, WcStatus.SUCCESS);
        assertThat(pausedNs()).as("the second write hits the cached translation").isEqualTo(stallNs);
        assertThat(p.devB.hardware().port().rx().busyByCause()).containsKey(Port.WIRE);
    }

    @Test
    void everyNewKeyMissesAgain() {
        long dst = Pair.buffer(p.devB, 4096, 0);
        MemoryRegion first = p.pdB.regMr(dst, 4096, Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE));
        MemoryRegion second = p.pdB.regMr(dst, 4096, Set.of(AccessFlag.LOCAL_WRITE, AccessFlag.REMOTE_WRITE));

        writeInto(first, dst);
        writeInto(second, dst);

        assertThat(pausedNs()).isEqualTo(2 * stallNs);
    }

    @Test
    void sendsIntoBuffersOfTheLocalDmaKeyNeverPause() {
        long recvBuf = Pair.buffer(p.devB, 4096, 0);
        long src = Pair.buffer(p.devA, 512, 3);
        for (int i = 0; i < 4; i++) {
            p.b.postRecv(p.recvB(recvBuf, 4096, p.pdB.localDmaLkey()));
            p.a.postSend(WorkRequest.Send.of(Pair.sge(src, 512, p.pdA.localDmaLkey()), p.toA(), SendFlag.SIGNALED));
        }
        p.run();

        assertThat(Pair.statuses(p.doneB)).hasSize(4).containsOnly(WcStatus.SUCCESS);
        assertThat(pausedNs()).isZero();
    }
}
