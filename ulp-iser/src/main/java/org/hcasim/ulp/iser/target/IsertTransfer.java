package org.hcasim.ulp.iser.target;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.hcasim.block.PiType;
import org.hcasim.spi.policy.IoBuffers;
import org.hcasim.spi.policy.QueueRegistration;
import org.hcasim.spi.policy.Registration;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.CompletionCallback;
import org.hcasim.verbs.ProtectionDomain;
import org.hcasim.verbs.QueuePair;
import org.hcasim.verbs.ScatterEntry;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;
import org.hcasim.verbs.SignatureError;
import org.hcasim.verbs.T10DifGuard;
import org.hcasim.verbs.WorkRequest;

/**
 * isert's data movement (rdma_rw): write data is RDMA-READ from the initiator's write STag, read data RDMA-WRITTEN
 * to its read STag. Plain data moves under the local DMA key and a read's WRITE is chained to the response. With PI
 * on the wire (rdma_rw_ctx_signature_init) the command's data pages and PI buffer are mapped into an integrity MR
 * by the target's registration policy, with signature attributes as isert_set_sig_attrs sets them (CRC guard in
 * both domains: PASS; interval = the block size; reference tag = the LBA, incremented per block for types 1 and 2;
 * escapes on; checks as the command's prot_checks), and [LOCAL_INV,] REG_INTEGRITY_MR and the signaled RDMA
 * operation are posted; afterwards isert_check_pi_status reads the signature status.
 */
final class IsertTransfer {
    static final int PAGE_SIZE = 4096;

    private final ProtectionDomain pd;
    private final QueuePair qp;
    /** The registration of the connection's integrity transfers; null when the connection moves no PI. */
    private final QueueRegistration registration;

    IsertTransfer(ProtectionDomain pd, QueuePair qp, QueueRegistration registration) {
        this.pd = pd;
        this.qp = qp;
        this.registration = registration;
    }

    boolean movesPi() {
        return registration != null;
    }

    /**
     * RDMA READ of {@code length} bytes from the initiator's write STag into the command's buffers from byte
     * {@code offset} on (past the immediate data); {@code done} gets the signature error found on the way (null
     * when none, or without PI); {@code failed} why the READ failed. False when the buffers cannot be registered.
     */
    boolean fetch(TargetCommand c, int offset, int length, Consumer<SignatureError> done, Consumer<String> failed) {
        if (c.piOnWire) {
            return signed(c, false, done, failed);
        }
        qp.postSend(WorkRequest.RdmaRead.of(List.of(new Sge(c.dataBuffer + offset, length, pd.localDmaLkey())),
                c.header.writeVa(), c.header.writeStag(), wc -> {
                    if (wc.ok()) {
                        done.accept(null);
                    } else {
                        failed.accept("RDMA READ of write data completed with " + wc.status());
                    }
                }, SendFlag.SIGNALED));
        return true;
    }

    /** A read's data with PI: RDMA WRITE through an integrity MR, signaled; {@code done} gets the signature error. */
    boolean pushSigned(TargetCommand c, Consumer<SignatureError> done, Consumer<String> failed) {
        return signed(c, true, done, failed);
    }

    /** A read's plain data: the RDMA WRITE of {@code length} bytes from {@code from}, to chain before the response. */
    WorkRequest.RdmaWrite push(TargetCommand c, long from, int length) {
        return WorkRequest.RdmaWrite.of(List.of(new Sge(from, length, pd.localDmaLkey())), c.header.readVa(),
                c.header.readStag(), CompletionCallback.IGNORE);
    }

    private boolean signed(TargetCommand c, boolean toInitiator, Consumer<SignatureError> done, Consumer<String> failed) {
        List<ScatterEntry> data = pages(c.dataBuffer, c.dataBytes);
        List<ScatterEntry> meta = List.of(new ScatterEntry(c.metaBuffer, c.blocks * 8));
        Set<AccessFlag> access = toInitiator ? Set.of() : EnumSet.of(AccessFlag.LOCAL_WRITE);
        Registration r = registration.register(new IoBuffers(data, meta, access, attributes(c)));
        if (r == null) {
            return false;
        }
        c.registration = r;
        List<WorkRequest.SendRequest> wrs = new ArrayList<>(3);
        if (r.mr().isValid()) {
            wrs.add(WorkRequest.LocalInvalidate.of(r.mr().rkey(), CompletionCallback.IGNORE));
        }
        wrs.addAll(r.requests());
        List<Sge> sgl = List.of(new Sge(r.address(), (int) r.length(), r.key()));
        CompletionCallback complete = wc -> {
            if (!wc.ok()) {
                failed.accept("RDMA " + (toInitiator ? "WRITE" : "READ") + " with PI completed with " + wc.status());
                return;
            }
            done.accept(r.mr().checkSignatureStatus().orElse(null));
        };
        wrs.add(toInitiator
                ? WorkRequest.RdmaWrite.of(sgl, c.header.readVa(), c.header.readStag(), complete, SendFlag.SIGNALED)
                : WorkRequest.RdmaRead.of(sgl, c.header.writeVa(), c.header.writeStag(), complete, SendFlag.SIGNALED));
        qp.postSend(wrs);
        return true;
    }

    /** isert_set_sig_attrs for DIN_PASS / DOUT_PASS. */
    static SignatureAttributes attributes(TargetCommand c) {
        PiType type = c.lunType;
        long ref = type == PiType.TYPE3 ? 0xFFFF_FFFFL : c.lba & 0xFFFF_FFFFL;
        SignatureDomain.T10Dif d = new SignatureDomain.T10Dif(T10DifGuard.CRC, c.blockSize, 0, 0, ref,
                type != PiType.TYPE3, true, true, 0xFFFF);
        int mask = (c.pi.checkGuard() ? SignatureAttributes.CHECK_GUARD : 0)
                | (c.pi.checkRefTag() ? SignatureAttributes.CHECK_REF_TAG : 0);
        return new SignatureAttributes(d, d, mask);
    }

    /** target_alloc_sgl: the command's data as one page per element. */
    static List<ScatterEntry> pages(long iova, int length) {
        List<ScatterEntry> out = new ArrayList<>(length / PAGE_SIZE + 1);
        for (int at = 0; at < length; at += PAGE_SIZE) {
            out.add(new ScatterEntry(iova + at, Math.min(PAGE_SIZE, length - at)));
        }
        return out;
    }

    /** The command's integrity MR goes back to its pool (still valid: its next use invalidates it first). */
    void release(TargetCommand c) {
        if (c.registration != null) {
            registration.release(c.registration);
            c.registration = null;
        }
    }
}
