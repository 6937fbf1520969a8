package org.hcasim.ulp.iser.target;

import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockNamespaceSpec;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockStatus;
import org.hcasim.block.PiControl;
import org.hcasim.block.PiType;
import org.hcasim.host.CpuCosts;
import org.hcasim.host.Host;
import org.hcasim.ulp.iser.pdu.ScsiResponse;
import org.hcasim.ulp.iser.scsi.Cdb;
import org.hcasim.ulp.iser.scsi.InquiryData;
import org.hcasim.ulp.iser.scsi.ReadCapacity16Data;
import org.hcasim.ulp.iser.scsi.SenseData;
import org.hcasim.verbs.SignatureError;

/**
 * LIO's execution of one SCSI command on LUN 0 of a connection's target: INQUIRY and READ CAPACITY(16) emulated
 * (spc_emulate_inquiry_std, sbc_emulate_readcapacity_16: the PROTECT bit and P_TYPE when the LUN has PI), SYNCHRONIZE
 * CACHE a no-op (the ramdisk keeps no volatile cache), READ(16)
 * and WRITE(16) checked (the LBA range, sbc_check_prot: a protect field needs a PI LUN of type 1 or 3 and a session
 * that moves PI, the transfer length must match) and run on the ramdisk with the PI handling sbc_set_prot_op_checks
 * gives them; a write's data comes as immediate data and the rest by RDMA READ, a read's goes by RDMA WRITE; a
 * signature error the HCA found fails the command with ABORTED COMMAND sense, ASC 0x10 and the LBA. Anything else
 * is CHECK CONDITION with ILLEGAL REQUEST sense.
 */
final class CommandExecutor {
    private final TargetConnection conn;
    private final Host host;
    private final TargetNode node;
    private final LioBackstore backstore;
    private final IsertTransfer transfer;

    CommandExecutor(TargetConnection conn, Host host, TargetNode node, IsertTransfer transfer) {
        this.conn = conn;
        this.host = host;
        this.node = node;
        this.backstore = new LioBackstore(node.lun(), host);
        this.transfer = transfer;
    }

    /** Runs {@code c}; its immediate data (if any) is at {@code immediateIova} in the receive buffer, copied out here. */
    void execute(TargetCommand c, long immediateIova) {
        if (c.pdu.lun() != 0) {
            conn.respond(c, new SenseData(SenseData.ILLEGAL_REQUEST, 0x25, 0, SenseData.NO_INFORMATION)); // LUN not supported
            return;
        }
        switch (c.cdb) {
            case Cdb.Inquiry q -> sendData(c, new InquiryData(format().hasPi(), "LIO-ORG", "RAMDISK-MCP", "4.0").encode(),
                    q.allocationLength());
            case Cdb.ReadCapacity16 q -> sendData(c, new ReadCapacity16Data(spec().capacityBlocks() - 1,
                    format().blockSize(), format().piType()).encode(), q.allocationLength());
            case Cdb.ReadWrite16 rw -> readWrite(c, rw, immediateIova);
            // rd_mcp has no execute_sync_cache: sbc_parse_cdb makes it sbc_emulate_noop, GOOD at once
            case Cdb.SynchronizeCache10 sync -> conn.respond(c, null);
            case Cdb.Unsupported u -> conn.respond(c, SenseData.invalidOpcode());
        }
    }

    private BlockNamespaceSpec spec() {
        return node.lun().spec();
    }

    private BlockFormat format() {
        return spec().format();
    }

    /** Emulated commands' data: at most the allocation length and the EDTL, the rest reported as residual. */
    private void sendData(TargetCommand c, byte[] data, int allocation) {
        int n = Math.min(data.length, Math.min(allocation, c.pdu.expectedDataTransferLength()));
        if (n > 0 && !c.header.readValid()) {
            conn.respond(c, SenseData.invalidFieldInCdb());
            return;
        }
        c.dataBuffer = host.memory().allocate(Math.max(1, n), 64);
        host.memory().write(c.dataBuffer, data, 0, n);
        int residual = c.pdu.expectedDataTransferLength() - n;
        conn.respondWithData(c, n == 0 ? null : transfer.push(c, c.dataBuffer, n), residual);
    }

    private void readWrite(TargetCommand c, Cdb.ReadWrite16 rw, long immediateIova) {
        BlockFormat f = format();
        if (rw.lba() < 0 || rw.lba() + rw.blocks() > spec().capacityBlocks()) {
            conn.respond(c, SenseData.lbaOutOfRange());
            return;
        }
        c.lba = rw.lba();
        c.blocks = rw.blocks();
        c.blockSize = f.blockSize();
        c.dataBytes = rw.blocks() * f.blockSize();
        c.protect = rw.protect();
        c.lunType = f.piType();
        if (!checkProtection(c, rw.write())) {
            conn.respond(c, SenseData.invalidFieldInCdb());
            return;
        }
        long wire = (long) c.dataBytes + (c.piOnWire ? (long) c.blocks * 8 : 0);
        if (c.pdu.expectedDataTransferLength() != wire || (rw.write() ? !c.pdu.write() : !c.pdu.read())) {
            conn.respond(c, SenseData.invalidFieldInCdb()); // target_cmd_size_check
            return;
        }
        if (c.blocks == 0) {
            conn.respond(c, null);
            return;
        }
        c.dataBuffer = host.memory().allocatePayload(c.dataBytes, IsertTransfer.PAGE_SIZE);
        if (c.piOnWire) {
            c.metaBuffer = host.memory().allocatePayload((long) c.blocks * 8, 8);
        }
        if (rw.write()) {
            write(c, (int) wire, immediateIova);
        } else {
            read(c);
        }
    }

    /**
     * sbc_check_prot and sbc_set_prot_op_checks: a protect field needs a PI LUN of type 1 or 3 (type 2 wants 32-byte
     * CDBs) and PI offload on the session; the backstore then passes the PI (protect 1: guard checked, the reference
     * tag for type 1) or, with protect 0 on a PI LUN, inserts it on write and checks and strips it on read.
     */
    private boolean checkProtection(TargetCommand c, boolean write) {
        PiType type = format().piType();
        if (c.protect != 0 && (type == PiType.NONE || type == PiType.TYPE2 || !transfer.movesPi())) {
            return false;
        }
        if (type == PiType.NONE) {
            return true;
        }
        boolean checks = c.protect == 1 || c.protect == 5 || !write && c.protect == 0;
        c.pi = new PiControl(c.protect == 0, checks, false, checks && type == PiType.TYPE1, 0, 0);
        c.piOnWire = c.protect != 0;
        return true;
    }

    private void write(TargetCommand c, int wire, long immediateIova) {
        int immediate = c.pdu.immediateDataLength();
        if (immediate > wire || immediate > 0 && c.piOnWire || immediate < wire && !c.header.writeValid()) {
            conn.respond(c, SenseData.invalidFieldInCdb());
            return;
        }
        if (immediate > 0) { // isert: sg_copy_from_buffer of the immediate data into the command's pages
            host.charge(host.cpuCosts().ns(CpuCosts.MEMCPY, immediate));
            host.memory().copy(immediateIova, c.dataBuffer, immediate);
        }
        if (immediate == wire) {
            backstore.execute(c, BlockOp.WRITE, result -> conn.completed(c, result));
            return;
        }
        boolean posted = transfer.fetch(c, immediate, wire - immediate, error -> {
            if (error != null) {
                conn.respond(c, sense(error, c));
            } else {
                backstore.execute(c, BlockOp.WRITE, result -> conn.completed(c, result));
            }
        }, why -> conn.abort(c, why));
        if (!posted) {
            conn.respond(c, new SenseData(SenseData.ABORTED_COMMAND, 0, 0, SenseData.NO_INFORMATION));
        }
    }

    private void read(TargetCommand c) {
        backstore.execute(c, BlockOp.READ, result -> {
            if (!result.ok()) {
                conn.completed(c, result);
            } else if (c.piOnWire) { // isert_put_datain: the response waits for the WRITE and its signature check
                boolean posted = transfer.pushSigned(c, error -> conn.respond(c, error == null ? null : sense(error, c)),
                        why -> conn.abort(c, why));
                if (!posted) {
                    conn.respond(c, new SenseData(SenseData.ABORTED_COMMAND, 0, 0, SenseData.NO_INFORMATION));
                }
            } else {
                conn.respondWithData(c, transfer.push(c, c.dataBuffer, c.dataBytes), 0);
            }
        });
    }

    /** isert_check_pi_status: the error type becomes the sense's ASCQ, its offset the failing LBA. */
    static SenseData sense(SignatureError e, TargetCommand c) {
        return SenseData.protection(SenseData.ascqOf(e.type()), c.lba + e.offset() / c.blockSize);
    }

    /** What a backstore failure becomes (the backstore's PI check: ABORTED COMMAND, ASC 0x10). */
    static SenseData sense(BlockCompletion result, TargetCommand c) {
        if (result.status().isProtectionError()) {
            var type = result.status() == BlockStatus.GUARD_CHECK_ERROR ? org.hcasim.verbs.SignatureErrorType.GUARD
                    : result.status() == BlockStatus.APP_TAG_CHECK_ERROR ? org.hcasim.verbs.SignatureErrorType.APP_TAG
                    : org.hcasim.verbs.SignatureErrorType.REF_TAG;
            return SenseData.protection(SenseData.ascqOf(type), failingLba(result, c));
        }
        if (result.status() == BlockStatus.LBA_OUT_OF_RANGE) {
            return SenseData.lbaOutOfRange();
        }
        return new SenseData(SenseData.ABORTED_COMMAND, 0, 0, SenseData.NO_INFORMATION);
    }

    /** The LBA a backstore check failure names ("... at lba N: ..."), else the command's first. */
    private static long failingLba(BlockCompletion result, TargetCommand c) {
        var m = java.util.regex.Pattern.compile("at lba (\\d+)").matcher(result.detail());
        return m.find() ? Long.parseLong(m.group(1)) : c.lba;
    }

    /** SCSI status of a response with or without sense. */
    static int status(SenseData sense) {
        return sense == null ? ScsiResponse.GOOD : ScsiResponse.CHECK_CONDITION;
    }
}
