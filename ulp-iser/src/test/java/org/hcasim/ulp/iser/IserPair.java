package org.hcasim.ulp.iser;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.hcasim.block.Backstore;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.block.PiType;
import org.hcasim.core.policy.TestbedPolicies;
import org.hcasim.core.testbed.VerbsTestbed;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;
import org.hcasim.spi.policy.PolicyRegistry;
import org.hcasim.ulp.iser.target.IserTarget;

/**
 * An iser initiator and target on a two-host verbs testbed ({@code initiator}, {@code target}), with helpers to
 * connect and to run block I/O to completion. For the plugin's tests.
 */
public final class IserPair {
    public final VerbsTestbed testbed;
    public final IserTarget target;
    public final BlockInitiator initiator;
    public final Host host;

    public IserPair(Map<String, String> config, BlockNamespaceSpec... namespaces) {
        this(VerbsTestbed.DEFAULT_HCA_PROFILE, 4, config, namespaces);
    }

    public IserPair(String hca, int cores, Map<String, String> config, BlockNamespaceSpec... namespaces) {
        testbed = VerbsTestbed.builder().hosts("initiator", "target").coresPerHost(cores).hca(hca).build();
        host = testbed.host("initiator");
        Map<String, String> effective = new HashMap<>(new IserProvider().defaultConfiguration());
        effective.putAll(config);
        TestbedPolicies policies = TestbedPolicies.builtIn(effective);
        IserBlockProtocol protocol = (IserBlockProtocol) new IserProvider().blockProtocol().orElseThrow();
        target = (IserTarget) protocol.createTarget(new BlockTargetContext() {
            public Host host() { return testbed.host("target"); }
            public String address() { return "target"; }
            public List<BlockNamespaceSpec> namespaces() { return List.of(namespaces); }
            public Map<String, String> config() { return effective; }
            public PolicyRegistry policies() { return policies; }
        });
        initiator = protocol.createInitiator(new BlockInitiatorContext() {
            public Host host() { return host; }
            public String targetAddress() { return target.address(); }
            public Map<String, String> config() { return effective; }
            public PolicyRegistry policies() { return policies; }
        });
    }

    /** Longest simulated time a test step may take. */
    public static final long LIMIT_NS = 2_000_000_000L;

    public void runBounded() {
        testbed.runUntil(testbed.now() + LIMIT_NS);
    }

    /** A RAM LUN of {@code mib} MiB in {@code format} ({@code "512"}, {@code "512+8"}, ...) with PI {@code type}. */
    public static BlockNamespaceSpec ram(String name, int mib, String format, PiType type) {
        return new BlockNamespaceSpec(name, Backstore.RAM, (long) mib << 20, BlockFormat.parse(format, type), 0);
    }

    public static BlockNamespaceSpec ram(String name, int mib) {
        return ram(name, mib, "512", PiType.NONE);
    }

    /** {@code n} bytes from a generator seeded with {@code seed}: test data that differs per block. */
    public static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Starts the target, connects the initiator; returns the failure or null. */
    public String connect() {
        target.start();
        String[] failure = {null};
        boolean[] connected = {false};
        initiator.connect(() -> connected[0] = true, why -> failure[0] = why);
        runBounded();
        if (failure[0] == null && !connected[0]) {
            return "connect did not finish within " + LIMIT_NS / 1_000_000 + " ms; target log: " + target.log();
        }
        return failure[0];
    }

    public BlockDevice device(int i) {
        return initiator.devices().get(i);
    }

    /** Runs one request from {@code core} to completion. */
    public BlockCompletion io(BlockDevice device, int core, BlockRequest request) {
        List<BlockCompletion> out = new ArrayList<>();
        host.run(core, Priority.THREAD, "test io", () -> device.submit(request, out::add));
        runBounded();
        if (out.size() != 1) {
            throw new AssertionError("expected exactly one completion, got " + out + "; target log " + target.log());
        }
        return out.get(0);
    }

    public BlockCompletion write(BlockDevice device, long lba, byte[] data) {
        long buf = host.memory().allocate(data.length, 4096);
        host.memory().write(buf, data, 0, data.length);
        BlockCompletion c = io(device, 0, BlockRequest.of(BlockOp.WRITE, lba, data.length / device.format().blockSize(), buf));
        host.memory().free(buf);
        return c;
    }

    /** Reads {@code bytes} at {@code lba}: the completion and, if it succeeded, the data. */
    public Read read(BlockDevice device, long lba, int bytes) {
        long buf = host.memory().allocate(bytes, 4096);
        BlockCompletion c = io(device, 0, BlockRequest.of(BlockOp.READ, lba, bytes / device.format().blockSize(), buf));
        byte[] data = new byte[bytes];
        host.memory().read(buf, data, 0, bytes);
        host.memory().free(buf);
        return new Read(c, data);
    }

    public record Read(BlockCompletion completion, byte[] data) {
    }
}
