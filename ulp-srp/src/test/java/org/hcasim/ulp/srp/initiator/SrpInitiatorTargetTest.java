package org.hcasim.ulp.srp.initiator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.ulp.srp.settings.TargetSettings;
import org.junit.jupiter.api.Test;

class SrpInitiatorTargetTest {

    @Test
    void loginScansTheLunsAndExposesOneDiskPerLunWithItsCapacity() {
        SrpPair p = new SrpPair(2, Map.of(), SrpPair.ram("ns1", 16), SrpPair.ram("ns2", 8));
        assertThat(p.connect()).isNull();
        assertThat(p.initiator.devices()).extracting(BlockDevice::name).containsExactly("sdb", "sdc");
        assertThat(p.initiator.devices().get(1).capacityBytes()).isEqualTo(8L << 20);
        assertThat(p.initiator.channels()).as("one channel per core").hasSize(2);
        assertThat(p.initiator.channels()).allSatisfy(ch -> assertThat(ch.reqLim()).isEqualTo(TargetSettings.RQ_SIZE));
    }

    @Test
    void writtenDataReadsBackThroughRdmaReadAndWrite() {
        SrpPair p = new SrpPair(2, Map.of(), SrpPair.ram("ns1", 16));
        assertThat(p.connect()).isNull();
        BlockDevice sdb = p.initiator.devices().get(0);
        byte[] data = new byte[8192];
        for (int i = 0; i < data.length; i++) data[i] = (byte) (i * 7 + 3);
        assertThat(p.write(sdb, 100, data).ok()).isTrue();
        assertThat(p.read(sdb, 100, data.length)).isEqualTo(data);
    }

    @Test
    void aReadBeyondTheLunEndsWithCheckConditionLbaOutOfRange() {
        SrpPair p = new SrpPair(1, Map.of(), SrpPair.ram("ns1", 1));
        assertThat(p.connect()).isNull();
        BlockDevice sdb = p.initiator.devices().get(0);
        long buf = p.host.memory().allocate(4096, 4096);
        BlockCompletion c = p.io(sdb, 0, List.of(BlockRequest.of(BlockOp.READ, 2047, 8, buf))).get(0);
        assertThat(c.status()).isEqualTo(BlockStatus.LBA_OUT_OF_RANGE);
        assertThat(c.detail()).contains("SCSI status 0x02").contains("ASC/ASCQ 0x21/0x00");
    }

    @Test
    void commandsBeyondTheRequestLimitWaitForCreditsThatResponsesReturn() {
        // 254 command slots per channel, but srpt grants 128 credits, one of which ib_srp keeps for task management
        SrpPair p = new SrpPair(1, Map.of("srp.initiator.queue-size", "256"), SrpPair.ram("ns1", 16));
        assertThat(p.connect()).isNull();
        BlockDevice sdb = p.initiator.devices().get(0);
        List<BlockRequest> many = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            many.add(BlockRequest.of(BlockOp.READ, 8L * i, 8, p.host.memory().allocate(4096, 4096)));
        }
        Channel ch = p.initiator.channels().get(0);
        long before = ch.stats().commands;
        assertThat(p.io(sdb, 0, many)).allMatch(BlockCompletion::ok);
        assertThat(ch.stats().commands - before).isEqualTo(200);
        assertThat(ch.stats().lowestReqLim).as("never below the task-management reserve").isEqualTo(Channel.TASK_MANAGEMENT_CREDITS);
        assertThat(ch.stats().waitedForCredit).isEqualTo(200 - (TargetSettings.RQ_SIZE - Channel.TASK_MANAGEMENT_CREDITS));
        assertThat(ch.reqLim()).as("every credit came back").isEqualTo(TargetSettings.RQ_SIZE);
    }

    @Test
    void withUseSrqTheTargetPostsOneSharedQueueOfSrqSizeIusPerDevice() {
        SrpPair own = new SrpPair(2, Map.of(), SrpPair.ram("ns1", 1));
        assertThat(own.connect()).isNull();
        assertThat(own.target.receiveBufferBytes()).as("128 receive IUs per channel")
                .isEqualTo(2L * TargetSettings.RQ_SIZE * 2132);
        SrpPair shared = new SrpPair(2, Map.of("srp.target.use-srq", "true"), SrpPair.ram("ns1", 1));
        assertThat(shared.connect()).isNull();
        assertThat(shared.target.receiveBufferBytes()).isEqualTo(4095L * 2132);
        BlockDevice sdb = shared.initiator.devices().get(0);
        byte[] data = new byte[4096];
        data[5] = 9;
        assertThat(shared.write(sdb, 0, data).ok()).isTrue();
        assertThat(shared.read(sdb, 0, 4096)).isEqualTo(data);
    }

    @Test
    void theTargetRejectsALoginAskingForLongerIusThanSrpMaxReqSizeWithThatReason() {
        SrpPair p = new SrpPair(1, Map.of(), SrpPair.ram("ns1", 1));
        p.target.start();
        var device = p.host.devices().get(0);
        var pd = device.allocPd();
        var cq = device.createCq(org.hcasim.verbs.CqInit.of(16, 0, org.hcasim.verbs.PollContext.SOFTIRQ));
        var qp = pd.createQp(org.hcasim.verbs.QpInit.of(cq, 16, 16, 1));
        byte[] login = new org.hcasim.ulp.srp.iu.LoginRequest(5, 0x06, 0, 70_000, new byte[16], new byte[16]).encode();
        List<org.hcasim.ulp.srp.iu.LoginReject> rejects = new ArrayList<>();
        device.connectionManager().connect("target", org.hcasim.ulp.srp.settings.SrpAddress.DEFAULT_PORT, qp, login, e -> {
            if (e instanceof org.hcasim.verbs.CmEvent.Rejected r) {
                rejects.add(org.hcasim.ulp.srp.iu.LoginReject.decode(r.privateData()));
            }
        });
        p.runBounded();
        assertThat(rejects).singleElement().satisfies(r -> {
            assertThat(r.reason()).isEqualTo(org.hcasim.ulp.srp.iu.LoginReject.REQ_IT_IU_LENGTH_TOO_LARGE);
            assertThat(r.tag()).isEqualTo(5);
        });
        assertThat(p.target.log()).singleElement().asString().contains("70000 bytes exceed srp_max_req_size 2132");
    }

    @Test
    void diskNamesFollowSd() {
        assertThat(SrpInitiator.diskName(0)).isEqualTo("sda");
        assertThat(SrpInitiator.diskName(25)).isEqualTo("sdz");
        assertThat(SrpInitiator.diskName(26)).isEqualTo("sdaa");
        assertThat(SrpInitiator.diskName(701)).isEqualTo("sdzz");
        assertThat(SrpInitiator.diskName(702)).isEqualTo("sdaaa");
    }
}
