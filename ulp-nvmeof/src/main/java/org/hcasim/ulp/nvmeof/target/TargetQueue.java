package org.hcasim.ulp.nvmeof.target;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.hcasim.block.BackstoreIo;
import org.hcasim.block.BlockBackstore;
import org.hcasim.block.BlockCompletion;
import org.hcasim.block.BlockFormat;
import org.hcasim.block.BlockOp;
import org.hcasim.block.BlockRequest;
import org.hcasim.block.PiControl;
import org.hcasim.host.Host;
import org.hcasim.spi.policy.ReceiveAssignment;
import org.hcasim.ulp.nvmeof.capsule.ConnectPrivateData;
import org.hcasim.ulp.nvmeof.capsule.IdentifyData;
import org.hcasim.ulp.nvmeof.capsule.NvmeCommand;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.capsule.ProtectionInfo;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.hcasim.ulp.nvmeof.pi.PiSignature;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CmId;
import org.hcasim.verbs.CompletionQueue;
import org.hcasim.verbs.QpAttributes;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.SharedReceiveQueue;
import org.hcasim.verbs.WorkCompletion;
import org.hcasim.verbs.WorkRequest;

/**
 * One accepted NVMe/RDMA queue on the target (nvmet_rdma_queue): its QP and CQ, its receives (own, or an
 * SRQ of the port's pool), and the command path: parse the capsule, get write data (in-capsule or RDMA
 * READ), run the backstore, push read data with RDMA WRITE chained to the response SEND ({@link Responder}),
 * which invalidates the host's key when the host asked for it; the receive is reposted as the response is
 * queued (nvmet_rdma_queue_response), the data buffer freed once the response has gone.
 *
 * <p>Protection information, as nvmet-rdma with pi_enable on an HCA with integrity offload: for a PI
 * namespace and a command without PRACT, the transfer is the T10-DIF wire image (each block followed by
 * its 8-byte tuple), moved through an integrity MR of the queue ({@link IntegrityTransfer}) whose
 * memory side is the data and PI buffers the backstore uses; the HCA checks the tuples per PRCHK on the
 * way and the target fails the command with the matching media status if it found an error. With
 * PRACT only data travels and the backstore generates (write) or checks and strips (read) the PI. On a
 * port without integrity offload the namespaces are exposed without PI and the backstore generates and
 * strips it.
 */
final class TargetQueue {

    private final TargetPort port;
    private final NvmeOfTarget target;
    private final Host host;
    final int qid;
    final int vector;
    final int recvQueueSize;
    final int sendQueueSize;
    private final CompletionQueue cq;
    private final QueuePair qp;
    /** The receive queue the port's SRQ policy gave this queue's QP: an SRQ, or receives of its own. */
    private final ReceiveAssignment receive;
    private final SharedReceiveQueue srq;
    private int cntlid = -1;
    private boolean dead;
    /** The entries this queue claimed on its pool CQ, and whether the CM's disconnect gave them back. */
    private final int cqEntries;
    private boolean cqReturned;
    /** Whether PI is exposed and travels on the wire, and what the backstore does with it. */
    private final PortPiPolicy piPolicy;
    /** Moves PI commands' wire images through the queue's integrity MRs (none without PI). */
    private final IntegrityTransfer integrity;
    /** Ends every command: the response SEND, after read data when there is some. */
    private final Responder responder;

    TargetQueue(TargetPort port, ConnectPrivateData.Request request, int vector) {
        this.port = port;
        this.target = port.target;
        this.host = port.target.host();
        this.qid = request.qid();
        this.vector = vector;
        this.recvQueueSize = request.hsqsize() + 1;
        this.sendQueueSize = request.hrqsize();
        // nvmet_rdma_alloc_cmds: an admin queue's commands get no in-capsule data pages
        this.receive = port.receiveQueues().assign(vector, recvQueueSize, qid == 0 ? 0 : -1);
        this.srq = receive.srq();
        // per context: the RDMA operation and the response, and with PI a LOCAL_INV and a REG_INTEGRITY_MR
        // (rdma_rw_init_qp's factor for integrity QPs)
        boolean pi = port.piOffload() && qid != 0;
        int sendWrs = (pi ? 4 : 2) * sendQueueSize + 1;
        // nvmet_rdma_create_queue_ib: RECV + RDMA READ/WRITE + SEND per context, + 1 for ib_drain_qp
        this.cqEntries = recvQueueSize + 2 * sendQueueSize + 1;
        this.cq = port.cqFromPool(cqEntries, vector);
        QpInit init = new QpInit(cq, cq, srq, sendWrs, srq == null ? recvQueueSize : 0, 2, target.recvSges(), 0,
                false, pi);
        this.qp = port.pd.createQp(init);
        qp.modify(QpAttributes.toInit(AccessFlag.all()));
        // rdma_rw_init_mrs: one integrity MR per RDMA context
        this.piPolicy = new PortPiPolicy(port);
        this.integrity = new IntegrityTransfer(port, qp, pi ? sendQueueSize : 0);
        this.responder = new Responder(port, qp, qid, this::repostReceive, this::release, this::disconnect);
        if (srq == null) {
            List<WorkRequest.Recv> recvs = new ArrayList<>();
            for (int i = 0; i < recvQueueSize; i++) {
                recvs.add(target.newCommandReceive(host, port.pd, this::onCommand));
            }
            qp.postRecv(recvs);
        }
        port.register(this);
    }

    QueuePair qp() {
        return qp;
    }

    void accept(CmId id) {
        id.accept(qp, new ConnectPrivateData.Accept(recvQueueSize).encode());
    }

    void disconnected() {
        if (!dead) {
            port.receiveQueues().release(receive);
        }
        if (!cqReturned) {
            cqReturned = true;
            port.returnCq(cq, cqEntries);
        }
        dead = true;
        port.unregister(this);
    }

    // ------------------------------------------------------------------ command path

    void onCommand(WorkCompletion wc) {
        if (!wc.ok() || dead) {
            return; // flushed: the queue is going away
        }
        long resumes = host.dataFaults().targetResumesAt(host.now());
        if (resumes >= 0) { // a hung target (fault.target.*): its HCA acknowledged the capsule, nvmet gets to it later
            host.timer(resumes - host.now(), Math.max(0, host.currentCore()), "nvmet resumes", () -> resumed(wc));
            return;
        }
        execute(wc);
    }

    /** The stopped target runs again: it works off {@code wc}'s command, unless the queue went away meanwhile. */
    private void resumed(WorkCompletion wc) {
        host.dataFaults().heldCommand(!dead);
        if (!dead) {
            execute(wc);
        }
    }

    private void execute(WorkCompletion wc) {
        host.charge(target.settings().commandCpuNs());
        TargetCommand c = new TargetCommand((WorkRequest.Recv) wc.request(), (int) wc.byteLength());
        if (c.received < NvmeCommand.BYTES) {
            disconnect("a " + c.received + "-byte capsule is shorter than a command");
            return;
        }
        byte[] b = new byte[NvmeCommand.BYTES];
        host.memory().read(c.capsule, b, 0, b.length);
        c.decoded(NvmeCommand.adopt(b)); // b is this command's own copy of the capsule
        if (c.sqe.isFabrics()) {
            if (c.sqe.fctype() == NvmeCommand.FCTYPE_CONNECT) {
                fetchData(c, IdentifyDataSizes.CONNECT_DATA, this::connectCommand);
            } else {
                responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_INVALID_OPCODE, 0);
            }
            return;
        }
        if (cntlid < 0) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_INVALID_OPCODE, 0); // not connected yet
            return;
        }
        if (keepAlive != null) {
            keepAlive.commandSeen();
        }
        if (qid == 0) {
            adminCommand(c);
        } else {
            ioCommand(c);
        }
    }

    private void connectCommand(TargetCommand c, long data) {
        byte[] d = new byte[IdentifyDataSizes.CONNECT_DATA];
        host.memory().read(data, d, 0, d.length);
        int requestedCntlid = (d[16] & 0xFF) | (d[17] & 0xFF) << 8;
        if (c.sqe.connectQid() != qid || c.sqe.connectSqsize() != recvQueueSize - 1) {
            responder.respond(c, NvmeCompletion.SCT_COMMAND_SPECIFIC, NvmeCompletion.SC_CONNECT_INVALID_PARAM, 0);
            return;
        }
        int id = qid == 0 ? target.newController() : requestedCntlid;
        if (qid != 0 && !target.hasController(id)) {
            responder.respond(c, NvmeCompletion.SCT_COMMAND_SPECIFIC, NvmeCompletion.SC_CONNECT_INVALID_PARAM, 0);
            return;
        }
        cntlid = id;
        // nvmet_alloc_ctrl takes kato from the admin Connect; the I/O queues' Connects carry none
        keepAlive = target.keepAlive(id, qid == 0 ? c.sqe.connectKato() : 0);
        if (keepAlive != null) {
            keepAlive.add(this);
        }
        responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SUCCESS, id);
    }

    private void adminCommand(TargetCommand c) {
        if (c.sqe.opcode() == NvmeCommand.OPC_KEEP_ALIVE) { // nvmet_execute_keep_alive
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SUCCESS, 0);
            return;
        }
        if (c.sqe.opcode() != NvmeCommand.OPC_IDENTIFY) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_INVALID_OPCODE, 0);
            return;
        }
        byte[] data;
        if (c.sqe.cns() == NvmeCommand.CNS_CONTROLLER) {
            data = new IdentifyData.Controller(cntlid, target.backstores().size(), target.settings().inlineDataSize())
                    .encode();
        } else if (c.sqe.cns() == NvmeCommand.CNS_NAMESPACE) {
            BlockBackstore ns = target.namespace(c.sqe.nsid());
            if (ns == null) {
                responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_INVALID_NAMESPACE, 0);
                return;
            }
            BlockFormat exposed = piPolicy.exposedFormat(ns.spec().format());
            data = new IdentifyData.Namespace(ns.spec().capacityBlocks(), exposed).encode();
        } else {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_INVALID_FIELD, 0);
            return;
        }
        SglDescriptor sgl = c.dptr;
        if (!sgl.isKeyed() || sgl.length() < data.length) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SGL_INVALID_DATA, 0);
            return;
        }
        c.dataBuffer = host.memory().allocate(data.length, 4096);
        host.memory().write(c.dataBuffer, data, 0, data.length);
        responder.respondWithData(c, data.length);
    }

    private void ioCommand(TargetCommand c) {
        int op = c.sqe.opcode();
        if (op != NvmeCommand.OPC_READ && op != NvmeCommand.OPC_WRITE && op != NvmeCommand.OPC_FLUSH) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_INVALID_OPCODE, 0);
            return;
        }
        BlockBackstore ns = target.namespace(c.sqe.nsid());
        if (ns == null) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_INVALID_NAMESPACE, 0);
            return;
        }
        if (op == NvmeCommand.OPC_FLUSH) { // nvmet_bdev_execute_flush: a flush bio to the backstore
            execute(c, ns, BlockOp.FLUSH, PiControl.NONE, -1);
            return;
        }
        BlockFormat format = ns.spec().format();
        ProtectionInfo prinfo = c.sqe.protection();
        boolean wirePi = piPolicy.piOnWire(format, prinfo);
        long bytes = (long) c.sqe.blocks() * format.blockSize();
        long transfer = piPolicy.transferBytes(c.sqe.blocks(), format, prinfo);
        if (c.dptr.length() != transfer || wirePi && !c.dptr.isKeyed()) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SGL_INVALID_DATA, 0);
            return;
        }
        if (c.sqe.slba() + c.sqe.blocks() > ns.spec().capacityBlocks()) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_LBA_RANGE, 0);
            return;
        }
        PiControl pi = piPolicy.backstorePi(format, prinfo);
        boolean write = op == NvmeCommand.OPC_WRITE;
        if (wirePi) {
            host.charge(target.settings().rdmaRwCpuNs());
            c.dataBuffer = host.memory().allocatePayload(bytes, 4096);
            c.metaBuffer = host.memory().allocatePayload((long) c.sqe.blocks() * BlockFormat.PI_TUPLE_BYTES, 8);
            if (write) {
                transferWithPi(c, format, false, () -> execute(c, ns, BlockOp.WRITE, pi));
            } else {
                execute(c, ns, BlockOp.READ, pi);
            }
        } else if (write) {
            fetchData(c, (int) bytes, (cmd, data) -> execute(cmd, ns, BlockOp.WRITE, pi, data));
        } else {
            if (!c.dptr.isKeyed()) {
                responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SGL_INVALID_DATA, 0);
                return;
            }
            host.charge(target.settings().rdmaRwCpuNs());
            c.dataBuffer = host.memory().allocatePayload(bytes, 4096);
            execute(c, ns, BlockOp.READ, pi);
        }
    }

    private void execute(TargetCommand c, BlockBackstore ns, BlockOp op, PiControl pi) {
        execute(c, ns, op, pi, c.dataBuffer);
    }

    private void execute(TargetCommand c, BlockBackstore ns, BlockOp op, PiControl pi, long data) {
        int core = host.currentCore();
        BackstoreIo io = op == BlockOp.FLUSH ? new BackstoreIo(op, 0, 0, host.memory(), BlockRequest.NO_METADATA,
                BlockRequest.NO_METADATA, pi, core) : new BackstoreIo(op, c.sqe.slba(), c.sqe.blocks(), host.memory(), data,
                c.metaBuffer >= 0 ? c.metaBuffer : BlockRequest.NO_METADATA, pi, core);
        ns.execute(io, result -> {
            if (dead) {
                release(c);
                return;
            }
            if (!result.ok()) {
                responder.respond(c, statusTypeOf(result), statusCodeOf(result), 0);
            } else if (op == BlockOp.READ && c.metaBuffer >= 0) {
                // nvmet_rdma_write_data_done: the response waits for the RDMA WRITE and its signature check
                transferWithPi(c, ns.spec().format(), true,
                        () -> responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SUCCESS, 0));
            } else if (op == BlockOp.READ) {
                responder.respondWithData(c, io.blocks() * ns.spec().format().blockSize());
            } else {
                responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SUCCESS, 0);
            }
        });
    }

    /**
     * Moves the command's wire image through an integrity MR (to the host for a read, from it for a write);
     * a signature error fails the command with its media status, else {@code next} runs.
     */
    private void transferWithPi(TargetCommand c, BlockFormat format, boolean toHost, Runnable next) {
        boolean started = integrity.start(c, format, toHost, error -> {
            if (error != null) {
                responder.respond(c, NvmeCompletion.SCT_MEDIA, PiSignature.statusCode(error), 0);
            } else {
                next.run();
            }
        }, why -> abort(c, why));
        if (!started) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_INTERNAL, 0);
        }
    }

    /** Write data: from the capsule when the host sent it in-capsule, else pulled with RDMA READ. */
    private void fetchData(TargetCommand c, int bytes, BiConsumer<TargetCommand, Long> then) {
        SglDescriptor sgl = c.dptr;
        if (sgl.isInCapsule()) {
            int available = c.received - NvmeCommand.BYTES;
            if (qid == 0 || sgl.length() != bytes || sgl.address() != 0
                    || bytes > available || c.recv.sgl().size() < 2) {
                responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SGL_INVALID_DATA, 0);
                return;
            }
            then.accept(c, c.recv.sgl().get(1).address());
            return;
        }
        if (!sgl.isKeyed() || sgl.length() != bytes) {
            responder.respond(c, NvmeCompletion.SCT_GENERIC, NvmeCompletion.SC_SGL_INVALID_DATA, 0);
            return;
        }
        host.charge(target.settings().rdmaRwCpuNs());
        c.dataBuffer = host.memory().allocatePayload(bytes, 4096);
        qp.postSend(WorkRequest.RdmaRead.of(List.of(new Sge(c.dataBuffer, bytes, port.pd.localDmaLkey())),
                sgl.address(), sgl.key(), wc -> {
                    if (!wc.ok()) {
                        abort(c, "RDMA READ of write data completed with " + wc.status());
                        return;
                    }
                    then.accept(c, c.dataBuffer);
                }, SendFlag.SIGNALED));
    }

    /** The command is over: free its data buffer and give its receive back. */
    private void release(TargetCommand c) {
        if (c.dataBuffer >= 0) {
            host.memory().free(c.dataBuffer);
        }
        if (c.metaBuffer >= 0) {
            host.memory().free(c.metaBuffer);
        }
        c.dataBuffer = -1;
        c.metaBuffer = -1;
        integrity.release(c);
        repostReceive(c);
    }

    /**
     * Gives the command's receive back, once: nvmet_rdma_queue_response reposts it before it posts the response
     * (the capsule was parsed and in-capsule data consumed by then), so the host's next command finds it posted; a
     * command that ends without a response gives it back when released.
     */
    private void repostReceive(TargetCommand c) {
        if (dead || c.receiveReposted) {
            return;
        }
        c.receiveReposted = true;
        if (srq != null) {
            port.repostShared(srq, c.recv);
        } else {
            qp.postRecv(c.recv);
        }
    }

    private static int statusTypeOf(BlockCompletion r) {
        return r.status().isProtectionError() ? NvmeCompletion.SCT_MEDIA : NvmeCompletion.SCT_GENERIC;
    }

    private static int statusCodeOf(BlockCompletion r) {
        return switch (r.status()) {
            case SUCCESS -> NvmeCompletion.SC_SUCCESS;
            case LBA_OUT_OF_RANGE -> NvmeCompletion.SC_LBA_RANGE;
            case INVALID_REQUEST -> NvmeCompletion.SC_INVALID_FIELD;
            case GUARD_CHECK_ERROR -> NvmeCompletion.SC_GUARD_CHECK;
            case APP_TAG_CHECK_ERROR -> NvmeCompletion.SC_APPTAG_CHECK;
            case REF_TAG_CHECK_ERROR -> NvmeCompletion.SC_REFTAG_CHECK;
            case IO_ERROR -> NvmeCompletion.SC_INTERNAL;
        };
    }

    /** A transfer of the command failed: the command is over and the queue goes away. */
    private void abort(TargetCommand c, String why) {
        release(c);
        disconnect(why);
    }

    /** Whether the queue is gone (disconnected by either side). */
    boolean isDead() {
        return dead;
    }

    /** nvmet_ctrl_fatal_error: the controller is torn down, this queue with it. */
    void fatal(String why) {
        disconnect(why);
    }

    /** The keep-alive of this queue's controller, or null when the host asked for none. */
    private ControllerKeepAlive keepAlive;

    private void disconnect(String why) {
        if (dead) {
            return;
        }
        target.log("queue " + qid + ": " + why + "; disconnecting");
        dead = true;
        port.unregister(this);
        if (cmId != null) {
            cmId.disconnect();
        }
    }

    private CmId cmId;

    void bind(CmId id) {
        this.cmId = id;
    }

    /** Byte sizes of the fabrics data structures the target reads. */
    static final class IdentifyDataSizes {
        static final int CONNECT_DATA = 1024;

        private IdentifyDataSizes() {
        }
    }
}
