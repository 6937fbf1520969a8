package org.hcasim.ulp.srp.initiator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.spi.policy.PolicyRegistry;
import org.hcasim.ulp.srp.SrpBlockProtocol;
import org.hcasim.ulp.srp.SrpProvider;
import org.hcasim.ulp.srp.target.SrpTarget;

/** An SRP initiator and target on a two-host verbs testbed, with helpers to run block I/O. For the plugin's tests. */
final class SrpPair {
    static final long LIMIT_NS = 2_000_000_000L;
    final VerbsTestbed testbed;
    final SrpTarget target;
    final SrpInitiator initiator;
    final Host host;

    SrpPair(int cores, Map<String, String> config, BlockNamespaceSpec... luns) {
        testbed = VerbsTestbed.builder().hosts("initiator", "target").coresPerHost(cores).build();
        host = testbed.host("initiator");
        Map<String, String> effective = new HashMap<>(new SrpProvider().defaultConfiguration());
        effective.putAll(config);
        TestbedPolicies policies = TestbedPolicies.builtIn(effective);
        SrpBlockProtocol protocol = (SrpBlockProtocol) new SrpProvider().blockProtocol().orElseThrow();
        target = (SrpTarget) protocol.createTarget(new BlockTargetContext() {
            public Host host() { return testbed.host("target"); }
            public String address() { return "target"; }
            public List<BlockNamespaceSpec> namespaces() { return List.of(luns); }
            public Map<String, String> config() { return effective; }
            public PolicyRegistry policies() { return policies; }
        });
        initiator = (SrpInitiator) protocol.createInitiator(new BlockInitiatorContext() {
            public Host host() { return host; }
            public String targetAddress() { return "target"; }
            public Map<String, String> config() { return effective; }
            public PolicyRegistry policies() { return policies; }
        });
    }

    static BlockNamespaceSpec ram(String name, int mib) {
        return new BlockNamespaceSpec(name, Backstore.RAM, (long) mib << 20, BlockFormat.B512, 0);
    }

    void runBounded() {
        testbed.runUntil(testbed.now() + LIMIT_NS);
    }

    /** Starts the target and logs in; returns the failure or null. */
    String connect() {
        target.start();
        String[] failure = {null};
        boolean[] connected = {false};
        initiator.connect(() -> connected[0] = true, why -> failure[0] = why);
        runBounded();
        return failure[0] == null && !connected[0] ? "login did not finish; target log " + target.log() : failure[0];
    }

    /** Submits {@code requests} from {@code core} in one task and runs until all completed. */
    List<BlockCompletion> io(BlockDevice device, int core, List<BlockRequest> requests) {
        List<BlockCompletion> out = new ArrayList<>();
        host.run(core, Priority.THREAD, "test io", () -> requests.forEach(r -> device.submit(r, out::add)));
        runBounded();
        if (out.size() != requests.size()) {
            throw new AssertionError(requests.size() + " requests, " + out.size() + " completions");
        }
        return out;
    }

    BlockCompletion write(BlockDevice device, long lba, byte[] data) {
        long buf = host.memory().allocate(data.length, 4096);
        host.memory().write(buf, data, 0, data.length);
        BlockCompletion c = io(device, 0, List.of(BlockRequest.of(BlockOp.WRITE, lba, data.length / 512, buf))).get(0);
        host.memory().free(buf);
        return c;
    }

    byte[] read(BlockDevice device, long lba, int bytes) {
        long buf = host.memory().allocate(bytes, 4096);
        BlockCompletion c = io(device, 0, List.of(BlockRequest.of(BlockOp.READ, lba, bytes / 512, buf))).get(0);
        if (!c.ok()) {
            throw new AssertionError("read failed: " + c);
        }
        byte[] data = new byte[bytes];
        host.memory().read(buf, data, 0, bytes);
        return data;
    }
}
