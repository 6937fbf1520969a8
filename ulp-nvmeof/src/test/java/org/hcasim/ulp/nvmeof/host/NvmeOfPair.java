package org.hcasim.ulp.nvmeof.host;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.spi.policy.PolicyRegistry;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockTarget;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.ulp.nvmeof.NvmeOfBlockProtocol;
import org.hcasim.ulp.nvmeof.NvmeOfProvider;
import org.hcasim.ulp.nvmeof.target.NvmeOfTarget;

/**
 * An nvmeof host and target on a two-host verbs testbed ({@code initiator}, {@code target}), connected,
 * with helpers to run block I/O to completion. For the plugin's tests.
 */
public final class NvmeOfPair {
    public final VerbsTestbed testbed;
    public final NvmeOfTarget target;
    public final NvmeOfHost host;
    public final Host initiator;

    public NvmeOfPair(Map<String, String> config, BlockNamespaceSpec... namespaces) {
        this(4, config, namespaces);
    }

    public NvmeOfPair(int cores, Map<String, String> config, BlockNamespaceSpec... namespaces) {
        this(VerbsTestbed.DEFAULT_HCA_PROFILE, cores, config, namespaces);
    }

    /** With both hosts on the named HCA profile ({@code connectx3}, {@code connectx4}, {@code connectx5}). */
    public NvmeOfPair(String hca, int cores, Map<String, String> config, BlockNamespaceSpec... namespaces) {
        testbed = VerbsTestbed.builder().hosts("initiator", "target").coresPerHost(cores).hca(hca).build();
        initiator = testbed.host("initiator");
        Map<String, String> effective = new HashMap<>(new NvmeOfProvider().defaultConfiguration());
        effective.putAll(config);
        TestbedPolicies policies = TestbedPolicies.builtIn(effective);
        NvmeOfBlockProtocol protocol = (NvmeOfBlockProtocol) new NvmeOfProvider().blockProtocol().orElseThrow();
        BlockTarget t = protocol.createTarget(new BlockTargetContext() {
            public Host host() { return testbed.host("target"); }
            public String address() { return "target:4420"; }
            public List<BlockNamespaceSpec> namespaces() { return List.of(namespaces); }
            public Map<String, String> config() { return effective; }
            public PolicyRegistry policies() { return policies; }
        });
        target = (NvmeOfTarget) t;
        host = (NvmeOfHost) protocol.createInitiator(new BlockInitiatorContext() {
            public Host host() { return initiator; }
            public String targetAddress() { return "target:4420"; }
            public Map<String, String> config() { return effective; }
            public PolicyRegistry policies() { return policies; }
        });
    }

    /** Longest simulated time a test step may take: far beyond any correct step, it stops livelocks. */
    public static final long LIMIT_NS = 2_000_000_000L;

    /** Runs until nothing is pending or {@link #LIMIT_NS} of simulated time passed. */
    public void runBounded() {
        testbed.runUntil(testbed.now() + LIMIT_NS);
    }

    /** A RAM namespace of {@code mib} MiB with 512-byte blocks. */
    public static BlockNamespaceSpec ram(String name, int mib) {
        return new BlockNamespaceSpec(name, Backstore.RAM, (long) mib << 20, BlockFormat.B512, 0);
    }

    /** Starts the target, connects the host and runs until it connected; returns the failure or null. */
    public String connect() {
        target.start();
        String[] failure = {null};
        boolean[] connected = {false};
        host.connect(() -> connected[0] = true, why -> failure[0] = why);
        runBounded();
        if (failure[0] == null && !connected[0]) {
            return "connect did not finish within " + LIMIT_NS / 1_000_000 + " ms of simulated time; target log: "
                    + target.log();
        }
        return failure[0];
    }

    /** Runs one request from {@code core} to completion. */
    public BlockCompletion io(BlockDevice device, int core, BlockRequest request) {
        List<BlockCompletion> out = new ArrayList<>();
        initiator.run(core, Priority.THREAD, "test io", () -> device.submit(request, out::add));
        runBounded();
        if (out.size() != 1) {
            throw new AssertionError("expected exactly one completion, got " + out);
        }
        return out.get(0);
    }

    /** Writes {@code data} at {@code lba} through the device from {@code core}. */
    public BlockCompletion write(BlockDevice device, int core, long lba, byte[] data) {
        long buf = initiator.memory().allocate(data.length, 4096);
        initiator.memory().write(buf, data, 0, data.length);
        BlockCompletion c = io(device, core, BlockRequest.of(BlockOp.WRITE, lba,
                data.length / device.format().blockSize(), buf));
        initiator.memory().free(buf);
        return c;
    }

    /** Reads {@code bytes} at {@code lba}; returns the data (or throws with the completion on error). */
    public byte[] read(BlockDevice device, int core, long lba, int bytes) {
        long buf = initiator.memory().allocate(bytes, 4096);
        BlockCompletion c = io(device, core, BlockRequest.of(BlockOp.READ, lba, bytes / device.format().blockSize(), buf));
        if (!c.ok()) {
            throw new AssertionError("read failed: " + c);
        }
        byte[] data = new byte[bytes];
        initiator.memory().read(buf, data, 0, bytes);
        initiator.memory().free(buf);
        return data;
    }
}
