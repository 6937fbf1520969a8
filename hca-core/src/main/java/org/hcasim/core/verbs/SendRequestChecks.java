package org.hcasim.core.verbs;

import java.util.List;
import java.util.Set;
import org.hcasim.core.verbs.mkey.AccessRules;
import org.hcasim.core.verbs.signature.SignatureEngine;
import org.hcasim.core.verbs.translation.SgMapping;
import org.hcasim.host.MemoryAccessException;
import org.hcasim.verbs.AccessFlag;
import org.hcasim.verbs.Errno;
import org.hcasim.verbs.MrType;
import org.hcasim.verbs.QpInit;
import org.hcasim.verbs.SendFlag;
import org.hcasim.verbs.Sge;
import org.hcasim.verbs.VerbsException;
import org.hcasim.verbs.WorkRequest;

/**
 * What ib_post_send checks synchronously for one request (SGE count, inline size, registration rules) and
 * what the driver does while building the WQE (inline copy, REG_MR snapshot and key variant).
 */
final class SendRequestChecks {
    private final SimRdmaDevice dev;
    private final QpInit init;
    private final String qpName;

    SendRequestChecks(SimRdmaDevice dev, QpInit init, String qpName) {
        this.dev = dev;
        this.init = init;
        this.qpName = qpName;
    }

    /** Checks one request against the QP's limits; throws what ib_post_send would return. */
    void validate(WorkRequest.SendRequest wr) {
        List<Sge> sgl = sglOf(wr);
        int maxSge = wr instanceof WorkRequest.RdmaRead
                ? Math.min(init.maxSendSge(), dev.attributes().maxSgeRd()) : init.maxSendSge();
        if (sgl.size() > maxSge) {
            throw new VerbsException(Errno.EINVAL, "postSend: " + sgl.size() + " SGEs, " + qpName + " allows " + maxSge);
        }
        if (wr.flags().contains(SendFlag.INLINE)) {
            if (wr instanceof WorkRequest.RdmaRead) {
                throw new VerbsException(Errno.EINVAL, "postSend: RDMA READ cannot be INLINE");
            }
            if (wr.gatherLength() > init.maxInlineData()) {
                throw new VerbsException(Errno.EINVAL, "postSend: " + wr.gatherLength() + " inline bytes, " + qpName
                        + " allows " + init.maxInlineData());
            }
        }
        switch (wr) {
            case WorkRequest.RegMr r -> validateRegistration(r.mr(), r.access(), false);
            case WorkRequest.RegIntegrityMr r -> {
                if (!init.integrityEnabled()) {
                    throw new VerbsException(Errno.EINVAL, "postSend: REG_INTEGRITY_MR on " + qpName + " created without integrityEnabled");
                }
                validateRegistration(r.mr(), r.access(), true);
                SgMapping m = ((SimMemoryRegion) r.mr()).pendingMapping();
                String why = m == null ? null : SignatureEngine.incompatibility(m, r.signature());
                if (why != null) {
                    throw new VerbsException(Errno.EINVAL, "postSend: REG_INTEGRITY_MR of " + r.mr() + ": " + why);
                }
                if (((SimMemoryRegion) r.mr()).signatureErrorPending()) {
                    throw new VerbsException(Errno.EBUSY, "postSend: integrity MR " + r.mr()
                            + " has a signature error that was not collected with checkSignatureStatus");
                }
            }
            default -> {
            }
        }
    }

    private void validateRegistration(org.hcasim.verbs.MemoryRegion mr, Set<AccessFlag> access, boolean integrity) {
        if (!(mr instanceof SimMemoryRegion smr) || smr.simPd().simDevice() != dev) {
            throw new VerbsException(Errno.EINVAL, "postSend: REG_MR of an MR of another device");
        }
        if (smr.type() == MrType.USER) {
            throw new VerbsException(Errno.EINVAL, "postSend: REG_MR of a USER MR; only allocMr regions are fast-registered");
        }
        if (integrity != (smr.type() == MrType.INTEGRITY)) {
            throw new VerbsException(Errno.EINVAL, "postSend: " + (integrity ? "REG_INTEGRITY_MR" : "REG_MR")
                    + " of a " + smr.type() + " MR; use " + (integrity ? "REG_MR" : "REG_INTEGRITY_MR"));
        }
        if (smr.mkey().destroyed()) {
            throw new VerbsException(Errno.EINVAL, "postSend: REG_MR of a deregistered MR");
        }
        AccessRules.requireLocalWriteForRemoteWrite(access, "REG_MR");
    }

    /** Work the driver does at post time: inline copy, REG_MR snapshot and key variant bump. */
    void prepare(SendWqe w) {
        switch (w.wr) {
            case WorkRequest.RegMr r -> snapshotRegistration(w, (SimMemoryRegion) r.mr());
            case WorkRequest.RegIntegrityMr r -> {
                snapshotRegistration(w, (SimMemoryRegion) r.mr());
                ((SimMemoryRegion) r.mr()).signatureRegistered(r.signature());
            }
            default -> {
                if (w.wr.flags().contains(SendFlag.INLINE)) {
                    w.inlineData = copyInline(sglOf(w.wr));
                }
            }
        }
    }

    private static void snapshotRegistration(SendWqe w, SimMemoryRegion mr) {
        w.regMapping = mr.pendingMapping();
        w.regPageSize = mr.pendingPageSize();
        w.regVariant = mr.nextVariant();
    }

    private byte[] copyInline(List<Sge> sgl) {
        var memory = dev.host().memory();
        long total = WorkRequest.totalLength(sgl);
        byte[] data = new byte[(int) total];
        int at = 0;
        for (Sge s : sgl) {
            try {
                memory.read(s.address(), data, at, s.length()); // checked; elided payload reads as zeros
            } catch (MemoryAccessException e) {
                throw new VerbsException(Errno.EINVAL, "postSend: inline SGE at 0x" + Long.toHexString(s.address())
                        + " is not allocated host memory");
            }
            at += s.length();
        }
        return data; // inline data is small: always carried, so control bytes sent inline arrive
    }

    static List<Sge> sglOf(WorkRequest.SendRequest wr) {
        return switch (wr) {
            case WorkRequest.Send s -> s.sgl();
            case WorkRequest.SendWithInvalidate s -> s.sgl();
            case WorkRequest.RdmaWrite s -> s.sgl();
            case WorkRequest.RdmaRead s -> s.sgl();
            default -> List.of();
        };
    }
}
