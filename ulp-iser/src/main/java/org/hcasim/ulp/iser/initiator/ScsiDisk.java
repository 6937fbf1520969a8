package org.hcasim.ulp.iser.initiator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockCompletionHandler;
import org.hcasim.block.BlockDevice;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiType;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.ulp.iser.scsi.SenseData;
import org.hcasim.ulp.iser.settings.InitiatorSettings;
import org.hcasim.verbs.ScatterEntry;

/**
 * One iSER LUN as Linux's sd and block layer present it ({@code sda}, {@code sdb}, ...): 512- or 4096-byte logical
 * blocks (the PI is the block layer's, not the application's), at most queue_depth commands outstanding (the rest
 * wait), and block integrity when the host does DIX: with {@code write_generate} the submitting CPU computes each
 * write's tuples, with {@code read_verify} a kintegrityd work item verifies each read's on the completing CPU.
 * Which protection operation a command gets follows from that and from whether the LUN has PI the host handles
 * ({@link ScsiProtection#of}). PI type 2 needs 32-byte CDBs, which ib_iser cannot carry (max_cmd_len 16): such
 * commands fail as the midlayer fails them.
 */
final class ScsiDisk implements BlockDevice {

    /** A block request in flight: its handler and the PI buffer the block layer allocated for it. */
    private record InFlight(BlockRequest request, BlockCompletionHandler done, long metadataIova) {
    }

    private final String name;
    private final Host host;
    private final IserSession session;
    private final InitiatorSettings settings;
    private final long capacityBlocks;
    private final BlockFormat format;
    private final PiType dif;
    /** The block layer's integrity profile, null when the host does no DIX (pi_enable off or no integrity HCA). */
    private final BlockIntegrity integrity;
    private final ArrayDeque<ScsiTask> queued = new ArrayDeque<>();
    private final ScsiTask.Done onDone = this::completed;
    private int active;

    ScsiDisk(String name, Host host, IserSession session, InitiatorSettings settings, long capacityBlocks, int blockSize,
             PiType lunProtection) {
        this.name = name;
        this.host = host;
        this.session = session;
        this.settings = settings;
        this.capacityBlocks = capacityBlocks;
        this.format = new BlockFormat(blockSize, 0, PiType.NONE);
        this.dif = session.integrity() ? lunProtection : PiType.NONE;
        this.integrity = session.integrity() ? new BlockIntegrity(name, lunProtection) : null;
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
        return capacityBlocks;
    }

    /** The block layer's integrity format (/sys/block/sdX/integrity/format), or "none". */
    String integrityFormat() {
        return integrity == null ? "none" : integrity.format();
    }

    @Override
    public void submit(BlockRequest request, BlockCompletionHandler done) {
        if (request.op() == BlockOp.FLUSH) { // sd_setup_flush_cmnd: SYNCHRONIZE CACHE(10) of the whole disk, no data
            queue(new ScsiTask(new Cdb.SynchronizeCache10(0, 0), false, false, List.of(), List.of(), ScsiProtection.NONE,
                    0, format.blockSize(), onDone), new InFlight(request, done, BlockRequest.NO_METADATA));
            return;
        }
        BlockCompletion invalid = check(request);
        if (invalid != null) {
            completeLater(done, invalid);
            return;
        }
        boolean write = request.op() == BlockOp.WRITE;
        int bs = format.blockSize();
        boolean dix = integrity != null && (write ? settings.writeGenerate() : settings.readVerify());
        ScsiProtection protection = ScsiProtection.of(write, dix, dif, true);
        long meta = BlockRequest.NO_METADATA;
        List<ScatterEntry> metaList = List.of();
        if (protection.op().memoryPi()) {
            int metaBytes = request.blocks() * BlockIntegrity.TUPLE;
            meta = host.memory().allocatePayload(metaBytes, 8);
            metaList = List.of(new ScatterEntry(meta, metaBytes));
            host.charge(settings.integrityCpuNs()); // bio_integrity_prep
            if (write) {
                generate(request, meta);
            }
        }
        var cdb = new Cdb.ReadWrite16(write, protection.protectField(), false, false, request.lba(), request.blocks());
        ScsiTask task = new ScsiTask(cdb, !write, write, pages(request.dataIova(), request.dataBytes(format)), metaList,
                protection, request.lba(), bs, onDone);
        queue(task, new InFlight(request, done, meta));
    }

    /** Sends the task when the disk has a free slot of its queue_depth, else it waits in the block layer. */
    private void queue(ScsiTask task, InFlight owner) {
        task.owner = owner;
        if (active < settings.queueDepth()) {
            active++;
            session.queue(task);
        } else {
            queued.add(task);
        }
    }

    private BlockCompletion check(BlockRequest r) {
        if (r.lba() + r.blocks() > capacityBlocks) {
            return BlockCompletion.error(BlockStatus.IO_ERROR, String.format(
                    "%s: attempt to access beyond end of device (lba %d + %d blocks, capacity %d)", name, r.lba(),
                    r.blocks(), capacityBlocks));
        }
        if (r.hasMetadata()) {
            return BlockCompletion.error(BlockStatus.INVALID_REQUEST, name + ": a metadata buffer from the application;"
                    + " SCSI disks keep PI in the block layer (write_generate / read_verify)");
        }
        if ((long) r.blocks() * format.blockSize() > IserSession.MAX_SECTORS * 512L) {
            return BlockCompletion.error(BlockStatus.INVALID_REQUEST, name + ": " + r.blocks() * format.blockSize()
                    + " bytes exceed max_sectors_kb (" + IserSession.MAX_SECTORS / 2 + ")");
        }
        if (dif == PiType.TYPE2) {
            return BlockCompletion.error(BlockStatus.IO_ERROR, name + ": PI type 2 needs a 32-byte READ(32)/WRITE(32) CDB,"
                    + " longer than ib_iser's max_cmd_len of 16: the command is aborted (DID_ABORT)");
        }
        return null;
    }

    /** The request's data as the HCA sees user pages without an IOMMU: one scatter element per 4 KiB page. */
    static List<ScatterEntry> pages(long iova, long length) {
        List<ScatterEntry> out = new ArrayList<>((int) (length / IserSession.PAGE_SIZE) + 2);
        long at = iova;
        long end = iova + length;
        while (at < end) {
            long pageEnd = Math.min(end, (at / IserSession.PAGE_SIZE + 1) * IserSession.PAGE_SIZE);
            out.add(new ScatterEntry(at, (int) (pageEnd - at)));
            at = pageEnd;
        }
        return out;
    }

    /** write_generate: the submitting CPU computes the tuples (charged whether or not payload bytes are stored). */
    private void generate(BlockRequest r, long meta) {
        int bytes = r.blocks() * format.blockSize();
        host.charge(host.cpuCosts().ns(CpuCosts.IP_CHECKSUM, bytes));
        if (!host.memory().payloadReal()) {
            return;
        }
        byte[] data = new byte[bytes];
        host.memory().read(r.dataIova(), data, 0, bytes);
        byte[] pi = new byte[r.blocks() * BlockIntegrity.TUPLE];
        integrity.generate(data, format.blockSize(), r.blocks(), r.lba(), pi);
        host.memory().write(meta, pi, 0, pi.length);
    }

    private void completed(ScsiTask task, ScsiResult result) {
        active--;
        ScsiTask next = queued.poll();
        if (next != null) {
            active++;
            session.queue(next);
        }
        InFlight f = (InFlight) task.owner;
        BlockCompletion c = toBlock(result);
        if (c.ok() && task.read && task.protection.op().memoryPi()) {
            // read_verify: bio_integrity_endio defers the check to kintegrityd, a high-priority bound work queue:
            // its kworker preempts the thread running on this CPU and switches back when done (two switches)
            int core = host.currentCore();
            host.workQueue("kintegrityd").queue(core, name, () -> {
                host.charge(2 * host.cpuCosts().ns(CpuCosts.CONTEXT_SWITCH));
                finish(f, verify(f));
            });
            return;
        }
        finish(f, c);
    }

    private BlockCompletion verify(InFlight f) {
        BlockRequest r = f.request();
        int bytes = r.blocks() * format.blockSize();
        host.charge(host.cpuCosts().ns(CpuCosts.IP_CHECKSUM, bytes));
        if (!host.memory().payloadReal()) {
            return BlockCompletion.SUCCESS;
        }
        byte[] data = new byte[bytes];
        host.memory().read(r.dataIova(), data, 0, bytes);
        byte[] pi = new byte[r.blocks() * BlockIntegrity.TUPLE];
        host.memory().read(f.metadataIova(), pi, 0, pi.length);
        return integrity.verify(data, format.blockSize(), r.blocks(), r.lba(), pi);
    }

    private void finish(InFlight f, BlockCompletion c) {
        if (f.metadataIova() != BlockRequest.NO_METADATA) {
            host.memory().free(f.metadataIova());
        }
        f.done().completed(c);
    }

    /** What the midlayer and block layer make of a command's result (scsi_io_completion). */
    BlockCompletion toBlock(ScsiResult r) {
        if (r.ok()) {
            return BlockCompletion.SUCCESS;
        }
        if (r.status() == ScsiResult.TRANSPORT_FAILED) {
            return BlockCompletion.error(BlockStatus.IO_ERROR, name + ": " + r.hostDetail());
        }
        SenseData s = r.sense();
        String where = r.hostDetail().isEmpty() ? " (from the target)" : " (" + r.hostDetail() + ")";
        if (s != null && s.isProtectionError()) { // ASC 0x10 with ILLEGAL REQUEST (DIX) or ABORTED COMMAND (DIF)
            BlockStatus st = switch (s.ascq()) {
                case SenseData.ASCQ_GUARD -> BlockStatus.GUARD_CHECK_ERROR;
                case SenseData.ASCQ_APP_TAG -> BlockStatus.APP_TAG_CHECK_ERROR;
                default -> BlockStatus.REF_TAG_CHECK_ERROR;
            };
            return BlockCompletion.error(st, name + ": " + s.describe() + where);
        }
        if (s != null && s.key() == SenseData.ILLEGAL_REQUEST && s.asc() == SenseData.ASC_LBA_OUT_OF_RANGE) {
            return BlockCompletion.error(BlockStatus.LBA_OUT_OF_RANGE, name + ": " + s.describe());
        }
        return BlockCompletion.error(BlockStatus.IO_ERROR, String.format("%s: SCSI status 0x%02x%s", name, r.status(),
                s == null ? "" : ", " + s.describe()));
    }

    private void completeLater(BlockCompletionHandler done, BlockCompletion c) {
        host.run(host.currentCore() < 0 ? 0 : host.currentCore(), org.hcasim.host.Priority.SOFT_IRQ, name + " error",
                () -> done.completed(c));
    }

    @Override
    public boolean recovering() {
        return session.recovering();
    }

    /** Commands outstanding on the device and waiting for a slot (for tests). */
    int active() {
        return active;
    }
}
