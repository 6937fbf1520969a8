package org.hcasim.ulp.nvmeof.host;

import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.host.Priority;
import org.hcasim.ulp.nvmeof.capsule.IdentifyData;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;

/** One namespace as a block device ({@code nvme0n1}): turns block requests into NVMe reads and writes. */
final class NamespaceDevice implements BlockDevice {
    private final String name;
    private final int nsid;
    private final IdentifyData.Namespace namespace;
    private final NvmeOfHost owner;

    NamespaceDevice(String name, int nsid, IdentifyData.Namespace namespace, NvmeOfHost owner) {
        this.name = name;
        this.nsid = nsid;
        this.namespace = namespace;
        this.owner = owner;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public BlockFormat format() {
        return namespace.format();
    }

    @Override
    public long capacityBlocks() {
        return namespace.capacityBlocks();
    }

    @Override
    public void submit(BlockRequest request, BlockCompletionHandler done) {
        var host = owner.host();
        int core = host.currentCore();
        if (core < 0) {
            throw new IllegalStateException(name + ": submit must be called inside a task on " + host.name());
        }
        HostQueue queue = owner.queueFor(core);
        long bytes = request.dataBytes(namespace.format());
        String refusal = null;
        if (request.hasMetadata() || request.pi().deviceGenerates() || request.pi().checksAnything()) {
            refusal = name + ": protection information is not supported by the nvmeof plugin yet";
        } else if (bytes > queue.maxTransferBytes()) {
            refusal = name + ": " + bytes + "-byte I/O exceeds the maximum transfer of " + queue.maxTransferBytes() + " bytes";
        }
        if (refusal != null) {
            BlockCompletion error = BlockCompletion.error(BlockStatus.INVALID_REQUEST, refusal);
            host.run(core, Priority.SOFT_IRQ, "nvme refuse", () -> done.completed(error));
            return;
        }
        boolean write = request.op() == BlockOp.WRITE;
        queue.submit(new HostCommand(
                (cid, dptr) -> NvmeCommand.io(write, cid, nsid, request.lba(), request.blocks(), dptr),
                write ? HostCommand.Direction.TO_TARGET : HostCommand.Direction.FROM_TARGET,
                request.dataIova(), (int) bytes, cqe -> done.completed(NvmeOfHost.toBlock(cqe, name))));
    }

    @Override
    public String toString() {
        return name + " (" + namespace.format() + ", " + namespace.capacityBlocks() + " blocks)";
    }
}
