package org.hcasim.ulp.nvmeof.host;

import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiControl;
import org.hcasim.host.Priority;
import org.hcasim.ulp.nvmeof.capsule.IdentifyData;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.capsule.ProtectionInfo;
import org.hcasim.ulp.nvmeof.pi.PiSignature;

/** One namespace as a block device ({@code nvme0n1}): turns block requests into NVMe reads, writes and flushes. */
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
    public long maxTransferBytes() {
        return owner.queueFor(0).maxTransferBytes(); // every queue maps the same registration size
    }

    @Override
    public boolean recovering() {
        ControllerState s = owner.state();
        return s == ControllerState.RESETTING || s == ControllerState.CONNECTING;
    }

    @Override
    public void submit(BlockRequest request, BlockCompletionHandler done) {
        var host = owner.host();
        int core = host.currentCore();
        if (core < 0) {
            throw new IllegalStateException(name + ": submit must be called inside a task on " + host.name());
        }
        owner.dispatch(new PendingIo(this, request, done, core));
    }

    /** Sends {@code io} as a command on {@code queue} (again, after error recovery requeued it); inside a task. */
    void send(PendingIo io, HostQueue queue) {
        var host = owner.host();
        BlockRequest request = io.request;
        BlockCompletionHandler done = io.done;
        int core = host.currentCore();
        HostCommand.Completion completion = io;
        if (request.op() == BlockOp.FLUSH) { // nvmet reports a volatile write cache, so the block layer sends it
            queue.submit(new HostCommand((cid, dptr) -> NvmeCommand.flush(cid, nsid), HostCommand.Direction.NONE,
                    0, 0, completion));
            return;
        }
        BlockFormat format = namespace.format();
        long bytes = request.dataBytes(format);
        String refusal = refusal(request, queue, bytes);
        if (refusal != null) {
            BlockCompletion error = BlockCompletion.error(BlockStatus.INVALID_REQUEST, name + ": " + refusal);
            host.run(core, Priority.SOFT_IRQ, "nvme refuse", () -> done.completed(error));
            return;
        }
        boolean write = request.op() == BlockOp.WRITE;
        HostCommand.Direction direction = write ? HostCommand.Direction.TO_TARGET : HostCommand.Direction.FROM_TARGET;
        if (!format.hasPi()) {
            queue.submit(new HostCommand((cid, dptr) -> NvmeCommand.io(write, cid, nsid, request.lba(), request.blocks(), dptr),
                    direction, request.dataIova(), (int) bytes, completion));
            return;
        }
        // the HCA inserts/strips PI for PRACT, so the wire always carries it and PRACT goes out cleared
        ProtectionInfo asked = PiSignature.requested(request.pi(), format.piType(), request.lba());
        ProtectionInfo onWire = asked.withoutPract();
        int metadataBytes = asked.pract() ? 0 : request.blocks() * BlockFormat.PI_TUPLE_BYTES;
        HostCommand.Protection protection = new HostCommand.Protection(PiSignature.signature(asked, format, !asked.pract()),
                asked.pract() ? BlockRequest.NO_METADATA : request.metadataIova(), metadataBytes,
                PiSignature.wireBytes(request.blocks(), format), request.lba(), format.blockSize());
        queue.submit(new HostCommand(
                (cid, dptr) -> NvmeCommand.io(write, cid, nsid, request.lba(), request.blocks(), dptr, onWire),
                direction, request.dataIova(), (int) bytes, protection, completion));
    }

    /** A command sent for {@code io} completed: the controller decides whether the request is done or retried. */
    void completed(PendingIo io, NvmeCompletion cqe, String detail) {
        owner.completed(io, cqe, detail);
    }

    /** Why the request cannot be sent (without the device name), or null. */
    private String refusal(BlockRequest request, HostQueue queue, long bytes) {
        BlockFormat format = namespace.format();
        PiControl pi = request.pi();
        if (!format.hasPi()) {
            if (request.hasMetadata() || pi.deviceGenerates() || pi.checksAnything()) {
                return "protection information requested, but the namespace is formatted " + format.text() + " without PI";
            }
        } else if (!queue.supportsProtectionInformation()) {
            return "namespace formatted " + format + " needs integrity offload (IB_DEVICE_INTEGRITY_HANDOVER), which "
                    + owner.deviceName() + " lacks";
        } else if (pi.deviceGenerates() == request.hasMetadata()) {
            return pi.deviceGenerates() ? "a metadata buffer with PRACT (the device generates the PI; send none)"
                    : "PI namespace (" + format + ") needs a metadata buffer or PRACT";
        }
        if (bytes > queue.maxTransferBytes()) {
            return bytes + "-byte I/O exceeds the maximum transfer of " + queue.maxTransferBytes() + " bytes";
        }
        return null;
    }

    @Override
    public String toString() {
        return name + " (" + namespace.format() + ", " + namespace.capacityBlocks() + " blocks)";
    }
}
