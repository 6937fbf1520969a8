package org.hcasim.fio.loopback;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.hcasim.block.BackstoreIo;
import org.hcasim.block.BlockBackstore;
import org.hcasim.block.BlockBackstores;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockInitiator;
import org.hcasim.block.BlockInitiatorContext;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockProtocol;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.BlockTarget;
import org.hcasim.block.BlockTargetContext;
import org.hcasim.host.Host;
import org.hcasim.host.Priority;

/**
 * A block protocol for tests: no wire, no HCA. A request travels to the target in {@code oneWayNs},
 * its bytes are copied between the two hosts' memories, the target's backstore executes it, and the
 * completion travels back in {@code oneWayNs}. The initiator charges {@code submitNs} per request.
 * {@link #corruptReads} flips a bit of read data on its way back, to test that verification catches it.
 */
public final class LoopbackBlockProtocol implements BlockProtocol {
    private final long oneWayNs;
    private final long submitNs;
    private final Map<String, LoopbackTarget> targets = new HashMap<>();
    private Predicate<Long> corruptReadAtByteOffset = off -> false;

    public LoopbackBlockProtocol(long oneWayNs, long submitNs) {
        this.oneWayNs = oneWayNs;
        this.submitNs = submitNs;
    }

    /** Reads covering a byte offset matching {@code which} come back with one bit flipped in their first block. */
    public void corruptReads(Predicate<Long> which) {
        this.corruptReadAtByteOffset = which;
    }

    @Override
    public String description() {
        return "in-process loopback block protocol for tests";
    }

    @Override
    public BlockTarget createTarget(BlockTargetContext context) {
        LoopbackTarget t = new LoopbackTarget(context);
        targets.put(context.address(), t);
        return t;
    }

    @Override
    public BlockInitiator createInitiator(BlockInitiatorContext context) {
        return new LoopbackInitiator(context);
    }

    private final class LoopbackTarget implements BlockTarget {
        final BlockTargetContext context;
        final List<BlockBackstore> backstores = new ArrayList<>();

        LoopbackTarget(BlockTargetContext context) {
            this.context = context;
        }

        @Override
        public String address() {
            return context.address();
        }

        @Override
        public List<BlockNamespaceSpec> namespaces() {
            return context.namespaces();
        }

        @Override
        public void start() {
            for (BlockNamespaceSpec ns : context.namespaces()) {
                backstores.add(BlockBackstores.create(ns, context.host()));
            }
        }
    }

    private final class LoopbackInitiator implements BlockInitiator {
        final BlockInitiatorContext context;
        final List<BlockDevice> devices = new ArrayList<>();

        LoopbackInitiator(BlockInitiatorContext context) {
            this.context = context;
        }

        @Override
        public void connect(Runnable connected, Consumer<String> failed) {
            Host host = context.host();
            host.run(0, Priority.THREAD, "loopback connect", () -> {
                LoopbackTarget target = targets.get(context.targetAddress());
                if (target == null) {
                    failed.accept("no loopback target listens at " + context.targetAddress());
                    return;
                }
                for (int i = 0; i < target.backstores.size(); i++) {
                    devices.add(new LoopbackDevice("lb0n" + (i + 1), host, target, target.backstores.get(i)));
                }
                connected.run();
            });
        }

        @Override
        public List<BlockDevice> devices() {
            return List.copyOf(devices);
        }
    }

    private final class LoopbackDevice implements BlockDevice {
        final String name;
        final Host host;
        final LoopbackTarget target;
        final BlockBackstore backstore;

        LoopbackDevice(String name, Host host, LoopbackTarget target, BlockBackstore backstore) {
            this.name = name;
            this.host = host;
            this.target = target;
            this.backstore = backstore;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public BlockFormat format() {
            return backstore.spec().format();
        }

        @Override
        public long capacityBlocks() {
            return backstore.spec().capacityBlocks();
        }

        @Override
        public void submit(BlockRequest request, BlockCompletionHandler done) {
            host.charge(submitNs);
            int core = host.currentCore();
            Host targetHost = target.context.host();
            int bs = format().blockSize();
            int bytes = request.blocks() * bs;
            int mdBytes = request.hasMetadata() ? request.blocks() * BlockFormat.PI_TUPLE_BYTES : 0;
            byte[] data = new byte[bytes];
            byte[] md = new byte[mdBytes];
            if (request.op() == BlockOp.WRITE) {
                host.memory().read(request.dataIova(), data, 0, bytes);
                if (mdBytes > 0) host.memory().read(request.metadataIova(), md, 0, mdBytes);
            }
            host.timer(oneWayNs, core, "loopback to target", () -> targetHost.run(0, Priority.SOFT_IRQ, "loopback target", () -> {
                long dataIova = targetHost.memory().allocate(Math.max(bytes, 1), 4096); // a flush moves no data
                long mdIova = mdBytes > 0 ? targetHost.memory().allocate(mdBytes, 8) : BlockRequest.NO_METADATA;
                targetHost.memory().write(dataIova, data, 0, bytes);
                if (mdBytes > 0) targetHost.memory().write(mdIova, md, 0, mdBytes);
                BackstoreIo io = new BackstoreIo(request.op(), request.lba(), request.blocks(), targetHost.memory(), dataIova, mdIova,
                        request.pi(), 0);
                backstore.execute(io, c -> {
                    if (request.op() == BlockOp.READ && c.ok()) {
                        targetHost.memory().read(dataIova, data, 0, bytes);
                        if (mdBytes > 0) targetHost.memory().read(mdIova, md, 0, mdBytes);
                        long first = request.lba() * bs;
                        if (corruptReadAtByteOffset.test(first)) data[bs / 2] ^= 0x10;
                    }
                    targetHost.memory().free(dataIova);
                    if (mdBytes > 0) targetHost.memory().free(mdIova);
                    targetHost.timer(oneWayNs, 0, "loopback to initiator", () -> host.run(core, Priority.SOFT_IRQ, "loopback completion", () -> {
                        if (request.op() == BlockOp.READ && c.ok()) {
                            host.memory().write(request.dataIova(), data, 0, bytes);
                            if (mdBytes > 0) host.memory().write(request.metadataIova(), md, 0, mdBytes);
                        }
                        done.completed(c);
                    }));
                });
            }));
        }
    }

    /** For tests that want a status without going through a backstore. */
    static BlockCompletion error(String detail) {
        return BlockCompletion.error(BlockStatus.IO_ERROR, detail);
    }
}
