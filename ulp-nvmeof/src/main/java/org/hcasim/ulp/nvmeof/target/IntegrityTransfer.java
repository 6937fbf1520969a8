package org.hcasim.ulp.nvmeof.target;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.hcasim.block.BlockFormat;
import org.hcasim.ulp.nvmeof.capsule.SglDescriptor;
import org.hcasim.ulp.nvmeof.pi.PiSignature;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.MemoryRegion;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.SignatureError;
import org.hcasim.verbs.WorkRequest;

/**
 * The PI half of a target queue (rdma_rw_ctx_signature_init and nvmet_rdma_check_pi_status): its integrity
 * MRs, one per RDMA context, and the move of a PI command's wire image (data with each block's tuple)
 * between the host and the data and PI buffers through such an MR, checked by the HCA on the way. Kept
 * apart so the queue reads as the plain NVMe/RDMA flow.
 */
final class IntegrityTransfer {

    /** rdma_rw_init_mrs: pages an integrity MR maps, for data and for PI each. */
    private static final int MAX_PAGES = 256;
    private static final int PAGE_SIZE = 4096;

    private final QueuePair qp;
    private final NvmeOfTarget target;
    private final ArrayDeque<MemoryRegion> mrs = new ArrayDeque<>();

    /** {@code contexts} integrity MRs for {@code qp} (none on a queue without PI). */
    IntegrityTransfer(TargetPort port, QueuePair qp, int contexts) {
        this.qp = qp;
        this.target = port.target;
        if (contexts > 0) {
            int pages = Math.min(MAX_PAGES, port.device.attributes().maxPiFastRegPageListLen());
            for (int i = 0; i < contexts; i++) {
                mrs.add(port.pd.allocMr(MrType.INTEGRITY, pages));
            }
        }
    }

    /**
     * Maps the command's data and PI buffers into an integrity MR (signature PASS: T10-DIF in memory and on
     * the wire, checks from PRCHK), posts [LOCAL_INV of its last key,] REG_INTEGRITY_MR and the signaled
     * RDMA READ (write command) or WRITE (read command) of the wire image through the MR's key. On success
     * {@code checked} gets the signature status (null: no error); if the RDMA operation fails, {@code failed}
     * gets why. False (nothing posted) when no MR is free or the buffers do not fit one.
     */
    boolean start(TargetCommand c, BlockFormat format, boolean toHost, Consumer<SignatureError> checked,
                  Consumer<String> failed) {
        MemoryRegion mr = mrs.poll();
        List<ScatterEntry> data = List.of(new ScatterEntry(c.dataBuffer, c.sqe.blocks() * format.blockSize()));
        List<ScatterEntry> meta = List.of(new ScatterEntry(c.metaBuffer, c.sqe.blocks() * BlockFormat.PI_TUPLE_BYTES));
        if (mr == null || mr.mapSgPi(data, meta, PAGE_SIZE) < 2) {
            if (mr != null) {
                mrs.add(mr);
            }
            return false;
        }
        c.mr = mr;
        List<WorkRequest.SendRequest> wrs = new ArrayList<>(3);
        if (mr.isValid()) {
            wrs.add(WorkRequest.LocalInvalidate.of(mr.rkey(), CompletionCallback.IGNORE));
        }
        int key = mr.nextKey();
        wrs.add(new WorkRequest.RegIntegrityMr(mr, PiSignature.signature(c.sqe.protection(), format, true),
                EnumSet.of(AccessFlag.LOCAL_WRITE), Set.of(), CompletionCallback.IGNORE));
        long wire = PiSignature.wireBytes(c.sqe.blocks(), format);
        List<Sge> sgl = List.of(new Sge(mr.iova(), (int) wire, key));
        SglDescriptor remote = c.dptr;
        CompletionCallback done = wc -> {
            if (!wc.ok()) {
                failed.accept("RDMA " + (toHost ? "WRITE" : "READ") + " with PI completed with " + wc.status());
                return;
            }
            SignatureError error = mr.checkSignatureStatus().orElse(null);
            target.countIntegrityTransfer(error != null);
            checked.accept(error);
        };
        wrs.add(toHost ? WorkRequest.RdmaWrite.of(sgl, remote.address(), remote.key(), done, SendFlag.SIGNALED)
                : WorkRequest.RdmaRead.of(sgl, remote.address(), remote.key(), done, SendFlag.SIGNALED));
        qp.postSend(wrs);
        return true;
    }

    /** The command is over: its MR goes back, still valid (its next use invalidates it first: need_inval). */
    void release(TargetCommand c) {
        if (c.mr != null) {
            mrs.add(c.mr);
            c.mr = null;
        }
    }
}
