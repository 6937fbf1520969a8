package org.hcasim.ulp.srp.target;

import java.util.ArrayList;
import java.util.List;
import org.hcasim.block.BackstoreIo;
import org.hcasim.block.BlockBackstore;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.PiControl;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.ReceiveAssignment;
import org.hcasim.ulp.srp.iu.DataDescriptor;
import org.hcasim.ulp.srp.iu.ScsiCommands;
import org.hcasim.ulp.srp.iu.SrpCommand;
import org.hcasim.ulp.srp.iu.SrpIu;
import org.hcasim.ulp.srp.iu.SrpResponse;
import org.hcasim.ulp.srp.settings.TargetSettings;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.PollContext;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;
import org.hcasim.verbs.RdmaDevice;

/**
 * One RDMA channel of ib_srpt (struct srpt_rdma_ch): its QP and CQ (work-queue polling), its receives (own, or an
 * SRQ the port's policy gave it), and the command path. A received SRP_CMD is parsed and its receive IU reposted
 * at once (srpt_handle_new_iu: the command's state lives in a send context, not the IU); a write pulls its data
 * with RDMA READ (one per descriptor, direct or from the indirect table) before the backstore runs; a read pushes
 * it with RDMA WRITE chained to the SRP_RSP SEND. Every SRP_RSP returns one credit (request-limit delta 1, for
 * the receive reposted for its command).
 */
final class TargetChannel {
    /** ib_srpt DEF_SRPT_SQ_SIZE: send queue entries of a channel. */
    static final int SQ_SIZE = 4096;
    /** ch->cq_size: the channel's claim on its pool CQ. */
    static final int CQ_ENTRIES = SQ_SIZE + TargetSettings.RQ_SIZE;

    private final TargetPort port;
    private final SrpTarget target;
    private final Host host;
    private final TargetSettings settings;
    private final CompletionQueue cq;
    private final QueuePair qp;
    private final ReceiveAssignment receive;
    private final SharedReceiveQueue srq;
    private final CmId cmId;
    private boolean dead;

    TargetChannel(TargetPort port, CmId cmId) {
        this.port = port;
        this.target = port.target;
        this.host = target.host();
        this.settings = target.settings();
        this.cmId = cmId;
        // srpt_create_ch_ib: rq_size + sq_size entries from the device's shared pool on the host's next vector
        // (hint -1), polled from a work queue; the channel's receive queue follows the CQ's vector
        this.cq = target.cqPolicy().poolGet(port.device, CQ_ENTRIES, RdmaDevice.ANY_VECTOR, PollContext.WORKQUEUE);
        this.receive = port.receiveQueues().assign(cq.compVector(), TargetSettings.RQ_SIZE);
        this.srq = receive.srq();
        this.qp = port.pd.createQp(new QpInit(cq, cq, srq, SQ_SIZE, srq == null ? TargetSettings.RQ_SIZE : 0, 16, 1, 0,
                false, false));
        qp.modify(QpAttributes.toInit(AccessFlag.all()));
        if (srq == null) {
            List<WorkRequest.Recv> recvs = new ArrayList<>();
            for (int i = 0; i < TargetSettings.RQ_SIZE; i++) {
                recvs.add(port.newReceive(this::onReceive));
            }
            qp.postRecv(recvs);
        }
        port.register(this);
    }

    QueuePair qp() {
        return qp;
    }

    void disconnected() {
        if (!dead) {
            port.receiveQueues().release(receive);
            port.device.cqPoolPut(cq, CQ_ENTRIES); // srpt_destroy_ch_ib: ib_cq_pool_put(ch->cq, ch->cq_size)
        }
        dead = true;
        port.unregister(this);
    }

    /** A command's state while the target works on it (srpt_send_ioctx). */
    private static final class Command {
        final long tag;
        final BlockBackstore lun;
        long buffer = -1;

        Command(long tag, BlockBackstore lun) {
            this.tag = tag;
            this.lun = lun;
        }
    }

    // ------------------------------------------------------------------ receive

    void onReceive(WorkCompletion wc) {
        if (!wc.ok() || dead) {
            return; // flushed: the channel is going away
        }
        long resumes = host.dataFaults().targetResumesAt(host.now());
        if (resumes >= 0) { // a hung target (fault.target.*): its HCA acknowledged the IU, srpt gets to it later
            host.timer(resumes - host.now(), Math.max(0, host.currentCore()), "srpt resumes", () -> {
                host.dataFaults().heldCommand(!dead);
                if (!dead) {
                    execute(wc);
                }
            });
            return;
        }
        execute(wc);
    }

    private void execute(WorkCompletion wc) {
        WorkRequest.Recv recv = (WorkRequest.Recv) wc.request();
        host.charge(settings.commandCpuNs());
        byte[] iu = new byte[(int) wc.byteLength()];
        host.memory().read(recv.sgl().get(0).address(), iu, 0, iu.length);
        repost(recv);
        if (iu.length == 0 || SrpIu.opcode(iu, 0) != SrpIu.CMD) {
            disconnect(iu.length == 0 ? "an empty IU" : String.format("IU opcode 0x%02x is not handled", SrpIu.opcode(iu, 0)));
            return;
        }
        SrpCommand cmd;
        try {
            cmd = SrpCommand.decode(iu, 0, iu.length);
        } catch (IllegalArgumentException e) {
            disconnect(e.getMessage());
            return;
        }
        handle(cmd);
    }

    private void repost(WorkRequest.Recv recv) {
        if (srq != null) {
            srq.postRecv(recv);
        } else {
            qp.postRecv(recv);
        }
    }

    private void handle(SrpCommand cmd) {
        BlockBackstore lun = target.lun(SrpCommand.lunNumber(cmd.lun()));
        Command c = new Command(cmd.tag(), lun);
        byte[] cdb = cmd.cdb();
        if (lun == null) {
            checkCondition(c, ScsiCommands.KEY_ILLEGAL_REQUEST, ScsiCommands.ASC_LU_NOT_SUPPORTED);
            return;
        }
        int op = cdb[0] & 0xFF;
        if (op == ScsiCommands.REPORT_LUNS) {
            dataIn(c, cmd, ScsiCommands.lunList(target.lunCount()));
        } else if (op == ScsiCommands.SERVICE_ACTION_IN_16 && (cdb[1] & 0x1F) == ScsiCommands.SA_READ_CAPACITY_16) {
            BlockFormat f = lun.spec().format();
            dataIn(c, cmd, ScsiCommands.capacityData(lun.spec().capacityBlocks(), f.blockSize()));
        } else if (op == ScsiCommands.SYNCHRONIZE_CACHE_10) {
            synchronizeCache(c, lun);
        } else {
            ScsiCommands.BlockIo io = ScsiCommands.blockIo(cdb);
            if (io == null) {
                checkCondition(c, ScsiCommands.KEY_ILLEGAL_REQUEST, ScsiCommands.ASC_INVALID_OPCODE);
            } else {
                blockIo(c, cmd, io);
            }
        }
    }

    /** LIO's iblock_execute_sync_cache: a flush of the backstore's cache, then GOOD (or the failure's sense). */
    private void synchronizeCache(Command c, BlockBackstore lun) {
        lun.execute(new BackstoreIo(BlockOp.FLUSH, 0, 0, host.memory(), BlockRequest.NO_METADATA, BlockRequest.NO_METADATA,
                PiControl.NONE, host.currentCore()), result -> {
                    if (result.ok()) {
                        respond(c, SrpResponse.STATUS_GOOD, new byte[0], 0, List.of());
                    } else {
                        checkCondition(c, ScsiCommands.KEY_MEDIUM_ERROR, ScsiCommands.ASC_UNRECOVERED_READ_ERROR);
                    }
                });
    }

    /** Small data-in (REPORT LUNS, READ CAPACITY): as much as the descriptors take, then GOOD. */
    private void dataIn(Command c, SrpCommand cmd, byte[] data) {
        List<DataDescriptor> to = descriptors(cmd.data());
        if (cmd.dataOut() || to.isEmpty()) {
            checkCondition(c, ScsiCommands.KEY_ILLEGAL_REQUEST, ScsiCommands.ASC_INVALID_FIELD_IN_CDB);
            return;
        }
        int bytes = (int) Math.min(data.length, cmd.data().length());
        c.buffer = host.memory().allocate(Math.max(bytes, 1), 64);
        host.memory().write(c.buffer, data, 0, bytes);
        respond(c, SrpResponse.STATUS_GOOD, new byte[0], (int) (cmd.data().length() - bytes), writes(c, to, bytes));
    }

    private void blockIo(Command c, SrpCommand cmd, ScsiCommands.BlockIo io) {
        BlockFormat format = c.lun.spec().format();
        long bytes = (long) io.blocks() * format.blockSize();
        if (io.lba() + io.blocks() > c.lun.spec().capacityBlocks()) {
            checkCondition(c, ScsiCommands.KEY_ILLEGAL_REQUEST, ScsiCommands.ASC_LBA_OUT_OF_RANGE);
            return;
        }
        List<DataDescriptor> ds = descriptors(cmd.data());
        if (io.blocks() == 0 || cmd.dataOut() != io.write() || cmd.data().length() != bytes || ds.isEmpty()) {
            checkCondition(c, ScsiCommands.KEY_ILLEGAL_REQUEST, ScsiCommands.ASC_INVALID_FIELD_IN_CDB);
            return;
        }
        host.charge(settings.rdmaRwCpuNs());
        c.buffer = host.memory().allocatePayload(bytes, 4096);
        // SRP has no PI: a PI-formatted LUN's block layer generates the tuples on write and strips them on read
        PiControl pi = format.hasPi() ? new PiControl(true, false, false, false, 0, 0) : PiControl.NONE;
        BackstoreIo backstore = new BackstoreIo(io.write() ? BlockOp.WRITE : BlockOp.READ, io.lba(), io.blocks(),
                host.memory(), c.buffer, BlockRequest.NO_METADATA, pi, host.currentCore());
        if (io.write()) {
            readData(c, ds, () -> execute(c, backstore, List.of()));
        } else {
            execute(c, backstore, ds);
        }
    }

    /** The descriptors of a command: its direct one, or the indirect table's (carried in the command). */
    private static List<DataDescriptor> descriptors(SrpCommand.Data data) {
        return switch (data) {
            case SrpCommand.Data.None n -> List.of();
            case SrpCommand.Data.Direct d -> List.of(d.descriptor());
            case SrpCommand.Data.Indirect i -> i.table().descriptors();
        };
    }

    /** srpt_write_pending: RDMA READ of every descriptor into the command's buffer, then {@code then}. */
    private void readData(Command c, List<DataDescriptor> ds, Runnable then) {
        int[] left = {ds.size()};
        List<WorkRequest.SendRequest> reads = new ArrayList<>(ds.size());
        long offset = 0;
        for (DataDescriptor d : ds) {
            reads.add(WorkRequest.RdmaRead.of(List.of(new Sge(c.buffer + offset, d.length(), port.pd.localDmaLkey())),
                    d.address(), d.key(), wc -> {
                        if (!wc.ok()) {
                            abort(c, "RDMA READ of write data completed with " + wc.status());
                        } else if (--left[0] == 0) {
                            then.run();
                        }
                    }, SendFlag.SIGNALED));
            offset += d.length();
        }
        qp.postSend(reads);
    }

    private void execute(Command c, BackstoreIo io, List<DataDescriptor> readTo) {
        c.lun.execute(io, result -> {
            if (dead) {
                release(c);
                return;
            }
            if (!result.ok()) {
                int[] sense = senseOf(result);
                checkCondition(c, sense[0], sense[1], sense[2]);
            } else {
                respond(c, SrpResponse.STATUS_GOOD, new byte[0], 0,
                        readTo.isEmpty() ? List.of() : writes(c, readTo, (long) io.blocks() * c.lun.spec().format().blockSize()));
            }
        });
    }

    /** RDMA WRITEs of the command buffer's first {@code bytes} to the descriptors, in order. */
    private List<WorkRequest.SendRequest> writes(Command c, List<DataDescriptor> to, long bytes) {
        List<WorkRequest.SendRequest> wrs = new ArrayList<>(to.size());
        long offset = 0;
        for (DataDescriptor d : to) {
            long n = Math.min(d.length(), bytes - offset);
            if (n <= 0) {
                break;
            }
            wrs.add(WorkRequest.RdmaWrite.of(List.of(new Sge(c.buffer + offset, (int) n, port.pd.localDmaLkey())), d.address(),
                    d.key(), CompletionCallback.IGNORE));
            offset += n;
        }
        return wrs;
    }

    private static int[] senseOf(BlockCompletion r) {
        return switch (r.status()) {
            case LBA_OUT_OF_RANGE -> new int[] {ScsiCommands.KEY_ILLEGAL_REQUEST, ScsiCommands.ASC_LBA_OUT_OF_RANGE, 0};
            case INVALID_REQUEST -> new int[] {ScsiCommands.KEY_ILLEGAL_REQUEST, ScsiCommands.ASC_INVALID_FIELD_IN_CDB, 0};
            case GUARD_CHECK_ERROR -> new int[] {ScsiCommands.KEY_ABORTED_COMMAND, ScsiCommands.ASC_PI_CHECK, 1};
            case APP_TAG_CHECK_ERROR -> new int[] {ScsiCommands.KEY_ABORTED_COMMAND, ScsiCommands.ASC_PI_CHECK, 2};
            case REF_TAG_CHECK_ERROR -> new int[] {ScsiCommands.KEY_ABORTED_COMMAND, ScsiCommands.ASC_PI_CHECK, 3};
            case SUCCESS, IO_ERROR -> new int[] {ScsiCommands.KEY_MEDIUM_ERROR, ScsiCommands.ASC_UNRECOVERED_READ_ERROR, 0};
        };
    }

    // ------------------------------------------------------------------ response

    private void checkCondition(Command c, int key, int asc) {
        checkCondition(c, key, asc, 0);
    }

    private void checkCondition(Command c, int key, int asc, int ascq) {
        respond(c, SrpResponse.STATUS_CHECK_CONDITION, ScsiCommands.sense(key, asc, ascq), 0, List.of());
    }

    /** srpt_queue_response: [RDMA WRITEs of read data,] the SRP_RSP SEND returning one credit. */
    private void respond(Command c, int status, byte[] sense, int residual, List<WorkRequest.SendRequest> data) {
        host.charge(settings.responseCpuNs());
        byte[] rsp = new SrpResponse(1, c.tag, status, residual, sense).encode();
        long buffer = host.memory().allocate(rsp.length, 64);
        host.memory().write(buffer, rsp, 0, rsp.length);
        List<WorkRequest.SendRequest> wrs = new ArrayList<>(data.size() + 1);
        wrs.addAll(data);
        wrs.add(WorkRequest.Send.of(List.of(new Sge(buffer, rsp.length, port.pd.localDmaLkey())), wc -> {
            host.memory().free(buffer);
            release(c);
            if (!wc.ok()) {
                disconnect("SRP_RSP SEND completed with " + wc.status());
            }
        }, SendFlag.SIGNALED));
        qp.postSend(wrs);
    }

    private void release(Command c) {
        if (c.buffer >= 0) {
            host.memory().free(c.buffer);
            c.buffer = -1;
        }
    }

    private void abort(Command c, String why) {
        release(c);
        disconnect(why);
    }

    private void disconnect(String why) {
        if (dead) {
            return;
        }
        target.log("channel on " + port.device.name() + ": " + why + "; disconnecting");
        disconnected();
        cmId.disconnect();
    }
}
