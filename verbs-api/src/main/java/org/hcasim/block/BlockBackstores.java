package org.hcasim.block;

import java.util.HashMap;
import java.util.Map;
import org.hcasim.host.Host;
import org.hcasim.host.HostMemory;

/**
 * The standard backstores ({@link Backstore#NULL}, {@link Backstore#RAM}), ready for any target ULP.
 *
 * <p>Unwritten blocks of a ram backstore read as zeroes with an all-ones PI tuple, the escape value,
 * as NVMe deallocated blocks do: checks are skipped for them. A null backstore, like Linux null_blk,
 * neither stores nor fills data: a read leaves the target's buffer as it was (its PI reads as the
 * escape value); a write is checked against its PI when the request asks for checks, then dropped. When host memory does
 * not keep payload bytes ({@link HostMemory#payloadReal()} false) no data or PI is moved or checked.
 */
public final class BlockBackstores {

    /** Host costs of the block layer a target's submissions go through ({@code host.cost.block-submit-ns} ...). */
    static final String BLOCK_SUBMIT = "block-submit";
    static final String BLOCK_COMPLETE = "block-complete";
    static final String SOFTIRQ = org.hcasim.host.CpuCosts.SOFTIRQ_SCHEDULE;

    /** Heap a ram backstore keeps per block besides its bytes: the map entry, the boxed LBA, the array header. */
    public static final long KEPT_BLOCK_OVERHEAD_BYTES = 80;

    /** Share of the Java heap the blocks a ram backstore keeps may take; the rest is the simulation's. */
    public static final double RAM_HEAP_SHARE = 0.75;

    private BlockBackstores() {
    }

    public static BlockBackstore create(BlockNamespaceSpec spec, Host host) {
        return create(spec, host, (long) (Runtime.getRuntime().maxMemory() * RAM_HEAP_SHARE));
    }

    /** As {@link #create(BlockNamespaceSpec, Host)}, a ram backstore keeping at most {@code keptLimitBytes} of heap. */
    public static BlockBackstore create(BlockNamespaceSpec spec, Host host, long keptLimitBytes) {
        return new StandardBackstore(spec, host, keptLimitBytes);
    }

    private static final class StandardBackstore implements BlockBackstore {
        private final BlockNamespaceSpec spec;
        private final Host host;
        private final int bs;
        private final PiType piType;
        /** RAM only: block data and PI tuples by LBA. */
        private final Map<Long, byte[]> data = new HashMap<>();
        private final Map<Long, byte[]> tuples = new HashMap<>();
        /** RAM only: heap the kept blocks take, and the most they may (see {@link #keep}). */
        private long keptBytes;
        private final long keptLimitBytes;
        /** The completion timers' labels, built once rather than concatenated per I/O. */
        private final String label;
        private final String flushLabel;

        StandardBackstore(BlockNamespaceSpec spec, Host host, long keptLimitBytes) {
            this.spec = spec;
            this.label = "backstore " + spec.name();
            this.flushLabel = "backstore " + spec.name() + " flush";
            this.keptLimitBytes = keptLimitBytes;
            this.host = host;
            this.bs = spec.format().blockSize();
            this.piType = spec.format().piType();
        }

        @Override
        public BlockNamespaceSpec spec() {
            return spec;
        }

        /**
         * The target submits to a block device (null_blk, a ramdisk): the block layer's submission (bio, request,
         * tag, queue_rq) is charged to the submitting task and its completion (blk_mq_end_request, bio end_io) to
         * the completion's, with the host's {@code block-submit} / {@code block-complete} costs (0 on a host whose
         * costs lack them). A null backstore completes like null_blk with its default {@code irqmode=1}: in the block
         * soft-IRQ ({@code softirq-schedule}); a ram disk (brd) completes in the submitting call.
         */
        @Override
        public void execute(BackstoreIo io, BlockCompletionHandler done) {
            if (io.op() == BlockOp.FLUSH) {
                // no volatile write cache (null_blk, brd): the block layer completes a flush without the driver
                host.timer(0, io.completionCore(), flushLabel, () -> done.completed(BlockCompletion.SUCCESS));
                return;
            }
            charge(BLOCK_SUBMIT);
            BlockCompletion result = perform(io);
            host.timer(spec.latencyNs(), io.completionCore(), label, () -> {
                if (spec.backstore() == Backstore.NULL) {
                    charge(SOFTIRQ); // null_blk's default irqmode=1 completes each request in the block softirq
                }
                charge(BLOCK_COMPLETE);
                done.completed(result);
            });
        }

        private void charge(String cost) {
            if (!host.inTask()) return;
            long ns;
            try {
                ns = host.cpuCosts().ns(cost);
            } catch (IllegalArgumentException notDefined) {
                return;
            }
            host.charge(ns);
        }

        private BlockCompletion perform(BackstoreIo io) {
            if (io.lba() + io.blocks() > spec.capacityBlocks()) {
                return BlockCompletion.error(BlockStatus.LBA_OUT_OF_RANGE, String.format(
                        "%s: lba %d + %d blocks beyond capacity %d blocks", spec.name(), io.lba(), io.blocks(), spec.capacityBlocks()));
            }
            boolean hostPi = io.metadataIova() != BlockRequest.NO_METADATA;
            if (spec.format().hasPi() && !hostPi && !io.pi().deviceGenerates()) {
                return BlockCompletion.error(BlockStatus.INVALID_REQUEST,
                        spec.name() + ": PI-formatted namespace needs a metadata buffer or device-generated PI");
            }
            if (!spec.format().hasPi() && hostPi) {
                return BlockCompletion.error(BlockStatus.INVALID_REQUEST, spec.name() + ": metadata buffer for a namespace without PI");
            }
            if (!io.memory().payloadReal()) {
                return BlockCompletion.SUCCESS;
            }
            return io.op() == BlockOp.WRITE ? write(io, hostPi) : read(io, hostPi);
        }

        private BlockCompletion write(BackstoreIo io, boolean hostPi) {
            boolean keeps = spec.backstore() == Backstore.RAM;
            if (!keeps && !(hostPi && io.pi().checksAnything())) {
                return BlockCompletion.SUCCESS; // null: nothing to store and nothing to check
            }
            byte[] buf = new byte[Math.multiplyExact(io.blocks(), bs)];
            host.dataFaults().inMemory(io.memory(), io.dataIova(), buf.length, bs);
            io.memory().read(io.dataIova(), buf, 0, buf.length);
            byte[] pi = piType == PiType.NONE ? null : new byte[io.blocks() * BlockFormat.PI_TUPLE_BYTES];
            if (pi != null) {
                if (hostPi) {
                    io.memory().read(io.metadataIova(), pi, 0, pi.length);
                    BlockCompletion check = checkAll(io, buf, pi);
                    if (!check.ok()) return check;
                } else {
                    for (int i = 0; i < io.blocks(); i++) {
                        T10Dif.generate(buf, i * bs, bs, piType, io.lba() + i, io.pi().appTag(), pi, i * BlockFormat.PI_TUPLE_BYTES);
                    }
                }
            }
            if (spec.backstore() == Backstore.RAM) {
                for (int i = 0; i < io.blocks(); i++) {
                    keep(io.lba() + i, java.util.Arrays.copyOfRange(buf, i * bs, (i + 1) * bs));
                    if (pi != null) {
                        int o = i * BlockFormat.PI_TUPLE_BYTES;
                        tuples.put(io.lba() + i, java.util.Arrays.copyOfRange(pi, o, o + BlockFormat.PI_TUPLE_BYTES));
                    }
                }
            }
            return BlockCompletion.SUCCESS;
        }

        /**
         * Keeps a block, counting the heap it takes the first time its LBA is written. What a time-based run writes
         * is not known before it runs, so the backstore itself refuses to grow past its share of the heap: one line
         * naming the way out, instead of an out-of-memory error minutes later.
         */
        private void keep(long lba, byte[] block) {
            if (data.put(lba, block) != null) return;
            keptBytes += bs + KEPT_BLOCK_OVERHEAD_BYTES
                    + (piType == PiType.NONE ? 0 : BlockFormat.PI_TUPLE_BYTES + KEPT_BLOCK_OVERHEAD_BYTES);
            if (keptBytes > keptLimitBytes) {
                throw new BackstoreFullException(String.format(java.util.Locale.ROOT,
                        "testbed.target.backstore = ram: %s would keep more than the %d MiB of written blocks it may"
                                + " (%.0f%% of the Java heap): write less (size, runtime), use testbed.target.backstore=null, or raise the heap with"
                                + " HCASIM_OPTS=-Xmx...", spec.name(), keptLimitBytes >> 20, 100 * RAM_HEAP_SHARE));
            }
        }

        private BlockCompletion read(BackstoreIo io, boolean hostPi) {
            if (spec.backstore() == Backstore.NULL) {
                // like null_blk: the data buffer is left as it is; PI reads as the all-ones escape
                if (hostPi) {
                    byte[] pi = new byte[io.blocks() * BlockFormat.PI_TUPLE_BYTES];
                    java.util.Arrays.fill(pi, (byte) 0xFF);
                    io.memory().write(io.metadataIova(), pi, 0, pi.length);
                }
                return BlockCompletion.SUCCESS;
            }
            byte[] buf = new byte[Math.multiplyExact(io.blocks(), bs)];
            byte[] pi = piType == PiType.NONE ? null : new byte[io.blocks() * BlockFormat.PI_TUPLE_BYTES];
            for (int i = 0; i < io.blocks(); i++) {
                byte[] block = data.get(io.lba() + i);
                if (block != null) System.arraycopy(block, 0, buf, i * bs, bs);
                if (pi != null) {
                    byte[] t = tuples.get(io.lba() + i);
                    if (t != null) {
                        System.arraycopy(t, 0, pi, i * BlockFormat.PI_TUPLE_BYTES, BlockFormat.PI_TUPLE_BYTES);
                    } else {
                        java.util.Arrays.fill(pi, i * BlockFormat.PI_TUPLE_BYTES, (i + 1) * BlockFormat.PI_TUPLE_BYTES, (byte) 0xFF);
                    }
                }
            }
            host.dataFaults().backstoreRead(buf, 0, buf.length, bs);
            if (pi != null) {
                BlockCompletion check = checkAll(io, buf, pi);
                if (!check.ok()) return check;
                if (hostPi) io.memory().write(io.metadataIova(), pi, 0, pi.length);
            }
            io.memory().write(io.dataIova(), buf, 0, buf.length);
            host.dataFaults().inMemory(io.memory(), io.dataIova(), buf.length, bs);
            return BlockCompletion.SUCCESS;
        }

        private BlockCompletion checkAll(BackstoreIo io, byte[] buf, byte[] pi) {
            if (!io.pi().checksAnything()) return BlockCompletion.SUCCESS;
            for (int i = 0; i < io.blocks(); i++) {
                BlockCompletion c = T10Dif.check(buf, i * bs, bs, piType, io.lba() + i, io.pi(), pi, i * BlockFormat.PI_TUPLE_BYTES);
                if (!c.ok()) {
                    host.dataFaults().caught("PI check of backstore " + spec.name() + " (CPU)");
                    return BlockCompletion.error(c.status(), spec.name() + ": " + c.detail());
                }
            }
            return BlockCompletion.SUCCESS;
        }
    }
}
