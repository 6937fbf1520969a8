package org.hcasim.ulp.srp.target;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.spi.policy.PolicyRegistry;
import org.hcasim.ulp.srp.SrpProvider;
import org.hcasim.ulp.srp.iu.DataDescriptor;
import org.hcasim.ulp.srp.iu.IndirectTable;
import org.hcasim.ulp.srp.iu.LoginRequest;
import org.hcasim.ulp.srp.iu.LoginResponse;
import org.hcasim.ulp.srp.iu.ScsiCommands;
import org.hcasim.ulp.srp.iu.SrpCommand;
import org.hcasim.ulp.srp.iu.SrpIu;
import org.hcasim.ulp.srp.iu.SrpResponse;
import org.hcasim.ulp.srp.settings.SrpAddress;
import org.hcasim.verbs.CmEvent;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.CqInit;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.junit.jupiter.api.Test;

/**
 * ib_srpt as a raw RDMA peer sees it: a hand-built initiator logs in, then writes through an indirect descriptor
 * table whose two descriptors point at separate buffers (the target RDMA-READs each) and reads the data back
 * through another indirect table (the target RDMA-WRITEs each part before the SRP_RSP).
 */
class SrpTargetDescriptorTest {
    private final VerbsTestbed tb = VerbsTestbed.builder().hosts("initiator", "target").coresPerHost(1).build();
    private final Host host = tb.host("initiator");
    private final ProtectionDomain pd = tb.device("initiator").allocPd();
    private final CompletionQueue cq = tb.device("initiator").createCq(CqInit.of(64, 0, PollContext.SOFTIRQ));
    private final QueuePair qp = pd.createQp(QpInit.of(cq, 16, 16, 1));
    private final long rsp = host.memory().allocate(1024, 64);
    private final List<SrpResponse> responses = new ArrayList<>();

    private SrpTarget startTarget() {
        Map<String, String> config = new HashMap<>(new SrpProvider().defaultConfiguration());
        TestbedPolicies policies = TestbedPolicies.builtIn(config);
        SrpTarget target = (SrpTarget) new SrpProvider().blockProtocol().orElseThrow().createTarget(new BlockTargetContext() {
            public Host host() { return tb.host("target"); }
            public String address() { return "target"; }
            public List<BlockNamespaceSpec> namespaces() {
                return List.of(new BlockNamespaceSpec("ns1", Backstore.RAM, 1L << 20, BlockFormat.B512, 0));
            }
            public Map<String, String> config() { return config; }
            public PolicyRegistry policies() { return policies; }
        });
        target.start();
        return target;
    }

    private LoginResponse login() {
        LoginResponse[] accepted = {null};
        byte[] req = new LoginRequest(1, SrpIu.BUF_FORMAT_DIRECT | SrpIu.BUF_FORMAT_INDIRECT, SrpIu.MULTICHAN_SINGLE,
                SrpCommand.FIXED_BYTES + IndirectTable.HEADER_BYTES + 2 * DataDescriptor.BYTES, new byte[16], new byte[16]).encode();
        tb.device("initiator").connectionManager().connect("target", SrpAddress.DEFAULT_PORT, qp, req, e -> {
            if (e instanceof CmEvent.Established est) {
                accepted[0] = LoginResponse.decode(est.privateData());
            }
        });
        tb.run();
        return accepted[0];
    }

    /** Sends one SRP_CMD and runs until its SRP_RSP arrived. */
    private SrpResponse command(SrpCommand cmd) {
        byte[] iu = cmd.encode();
        long buf = host.memory().allocate(iu.length, 64);
        host.memory().write(buf, iu, 0, iu.length);
        host.run(0, Priority.THREAD, "test", () -> {
            qp.postRecv(new WorkRequest.Recv(List.of(new Sge(rsp, 1024, pd.localDmaLkey())), this::onResponse));
            qp.postSend(WorkRequest.Send.of(List.of(new Sge(buf, iu.length, pd.localDmaLkey())), CompletionCallback.IGNORE,
                    SendFlag.SIGNALED));
        });
        tb.run();
        return responses.get(responses.size() - 1);
    }

    private void onResponse(WorkCompletion wc) {
        byte[] b = new byte[(int) wc.byteLength()];
        host.memory().read(rsp, b, 0, b.length);
        responses.add(SrpResponse.decode(b, 0, b.length));
    }

    private SrpCommand.Data indirect(long first, long second) {
        int key = pd.unsafeGlobalRkey();
        List<DataDescriptor> parts = List.of(new DataDescriptor(first, key, 1024), new DataDescriptor(second, key, 1024));
        return new SrpCommand.Data.Indirect(new IndirectTable(new DataDescriptor(0, key, 2 * DataDescriptor.BYTES), 2048, parts));
    }

    @Test
    void loginGrantsTheChannelsCreditsAndIuLimits() {
        startTarget();
        LoginResponse rsp = login();
        assertThat(rsp).isNotNull();
        assertThat(rsp.reqLimDelta()).isEqualTo(128);
        assertThat(rsp.maxItIuLen()).isEqualTo(2132);
        assertThat(rsp.bufFmt()).isEqualTo(SrpIu.BUF_FORMAT_DIRECT | SrpIu.BUF_FORMAT_INDIRECT);
    }

    @Test
    void anIndirectTableMovesEachPartOfAWriteAndOfARead() {
        startTarget();
        assertThat(login()).isNotNull();
        long a = host.memory().allocate(4096, 4096);
        long b = host.memory().allocate(4096, 4096);
        byte[] first = new byte[1024];
        byte[] second = new byte[1024];
        java.util.Arrays.fill(first, (byte) 0x11);
        java.util.Arrays.fill(second, (byte) 0x22);
        host.memory().write(a, first, 0, 1024);
        host.memory().write(b, second, 0, 1024);

        SrpResponse w = command(new SrpCommand(7, SrpCommand.lun(0), ScsiCommands.readWrite(true, 10, 4), true, indirect(a, b)));
        assertThat(w.ok()).isTrue();
        assertThat(w.tag()).isEqualTo(7);
        assertThat(w.reqLimDelta()).isEqualTo(1);

        long c = host.memory().allocate(4096, 4096);
        long d = host.memory().allocate(4096, 4096);
        SrpResponse r = command(new SrpCommand(8, SrpCommand.lun(0), ScsiCommands.readWrite(false, 10, 4), false, indirect(d, c)));
        assertThat(r.ok()).isTrue();
        byte[] back = new byte[1024];
        host.memory().read(d, back, 0, 1024);
        assertThat(back).as("blocks 10-11 went to the first descriptor").isEqualTo(first);
        host.memory().read(c, back, 0, 1024);
        assertThat(back).isEqualTo(second);
    }

    @Test
    void aLengthThatDisagreesWithTheCdbIsCheckConditionInvalidFieldInCdb() {
        startTarget();
        assertThat(login()).isNotNull();
        long a = host.memory().allocate(4096, 4096);
        SrpResponse r = command(new SrpCommand(9, SrpCommand.lun(0), ScsiCommands.readWrite(false, 0, 8), false,
                new SrpCommand.Data.Direct(new DataDescriptor(a, pd.unsafeGlobalRkey(), 512))));
        assertThat(r.status()).isEqualTo(SrpResponse.STATUS_CHECK_CONDITION);
        assertThat(ScsiCommands.senseKey(r.sense())).isEqualTo(ScsiCommands.KEY_ILLEGAL_REQUEST);
        assertThat(ScsiCommands.asc(r.sense())).isEqualTo(ScsiCommands.ASC_INVALID_FIELD_IN_CDB);
    }
}
