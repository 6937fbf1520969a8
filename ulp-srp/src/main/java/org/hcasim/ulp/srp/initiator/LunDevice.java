package org.hcasim.ulp.srp.initiator;

import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.host.Priority;
import org.hcasim.ulp.srp.iu.ScsiCommands;
import org.hcasim.ulp.srp.iu.SrpResponse;

/**
 * One LUN as a SCSI disk ({@code sdb}, ...): block requests become READ/WRITE (and, for a flush, SYNCHRONIZE
 * CACHE) CDBs on the channel of the submitting core. SRP carries no protection information (neither ib_srp nor ib_srpt set up PI), so the disk
 * has none and PI requests are refused.
 */
final class LunDevice implements BlockDevice {
    private final String name;
    private final int lun;
    private final BlockFormat format;
    private final long blocks;
    private final SrpInitiator owner;

    LunDevice(String name, int lun, BlockFormat format, long blocks, SrpInitiator owner) {
        this.name = name;
        this.lun = lun;
        this.format = format;
        this.blocks = blocks;
        this.owner = owner;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public BlockFormat format() {
        return format;
    }

    @Override
    public long capacityBlocks() {
        return blocks;
    }

    @Override
    public long maxTransferBytes() {
        return owner.channelFor(0).maxTransferBytes(); // every channel logs in with the same limits
    }

    @Override
    public boolean recovering() {
        return owner.blocked();
    }

    @Override
    public void submit(BlockRequest request, BlockCompletionHandler done) {
        var host = owner.host();
        int core = host.currentCore();
        if (core < 0) {
            throw new IllegalStateException(name + ": submit must be called inside a task on " + host.name());
        }
        Channel channel = owner.channelFor(core);
        if (request.op() == BlockOp.FLUSH) { // sd_setup_flush_cmnd: SYNCHRONIZE CACHE of the whole disk, no data
            channel.submit(new SrpRequest(lun, ScsiCommands.synchronizeCache(), false, 0, 0,
                    (rsp, failure) -> done.completed(toBlock(rsp, failure))));
            return;
        }
        long bytes = request.dataBytes(format);
        String refusal = request.hasMetadata() || request.pi().deviceGenerates() || request.pi().checksAnything()
                ? "protection information requested, but SRP carries none (the disk is formatted " + format.text() + ")"
                : bytes > channel.maxTransferBytes() ? bytes + "-byte I/O exceeds the maximum transfer of "
                + channel.maxTransferBytes() + " bytes" : null;
        if (refusal != null) {
            BlockCompletion error = BlockCompletion.error(BlockStatus.INVALID_REQUEST, name + ": " + refusal);
            host.run(core, Priority.SOFT_IRQ, "srp refuse", () -> done.completed(error));
            return;
        }
        boolean write = request.op() == BlockOp.WRITE;
        channel.submit(new SrpRequest(lun, ScsiCommands.readWrite(write, request.lba(), request.blocks()), write,
                request.dataIova(), (int) bytes, (rsp, failure) -> done.completed(toBlock(rsp, failure))));
    }

    /** The block layer's view of a SCSI completion (scsi_io_completion's sense-key mapping). */
    BlockCompletion toBlock(SrpResponse rsp, String failure) {
        if (rsp == null) {
            return BlockCompletion.error(BlockStatus.IO_ERROR, name + ": " + failure);
        }
        if (rsp.ok()) {
            return BlockCompletion.SUCCESS;
        }
        byte[] sense = rsp.sense();
        String detail = String.format("%s: SCSI status 0x%02x, sense key 0x%x, ASC/ASCQ 0x%02x/0x%02x", name, rsp.status(),
                ScsiCommands.senseKey(sense), ScsiCommands.asc(sense), ScsiCommands.ascq(sense));
        BlockStatus s = ScsiCommands.senseKey(sense) == ScsiCommands.KEY_ILLEGAL_REQUEST
                ? ScsiCommands.asc(sense) == ScsiCommands.ASC_LBA_OUT_OF_RANGE ? BlockStatus.LBA_OUT_OF_RANGE : BlockStatus.INVALID_REQUEST
                : BlockStatus.IO_ERROR;
        return BlockCompletion.error(s, detail);
    }

    @Override
    public String toString() {
        return name + " (" + format + ", " + blocks + " blocks)";
    }
}
