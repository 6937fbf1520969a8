package org.hcasim.ulp.nvmeof.pi;

import org.hcasim.block.BlockFormat;
import org.hcasim.block.PiControl;
import org.hcasim.block.PiType;
import org.hcasim.block.T10Dif;
import org.hcasim.ulp.nvmeof.capsule.NvmeCompletion;
import org.hcasim.ulp.nvmeof.capsule.ProtectionInfo;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;
import org.hcasim.verbs.SignatureError;
import org.hcasim.verbs.T10DifGuard;

/**
 * How nvme-rdma and nvmet-rdma (Linux 5.8+, "add metadata/T10-PI support") hand a PI command to the HCA's
 * signature engine: the PRINFO a block request asks for, the integrity MR's signature attributes
 * (nvme_rdma_set_sig_attrs / nvmet_rdma_set_sig_attrs), the transfer's wire size, and the NVMe status a
 * signature error becomes (nvme_rdma_check_pi_status / nvmet_rdma_check_pi_status).
 *
 * <p>The wire domain is always T10-DIF: data and PI travel interleaved, 8 bytes of PI after every block,
 * whatever the host's memory holds.
 */
public final class PiSignature {

    private PiSignature() {
    }

    /** What the request asks the controller for (PRACT = the device generates/strips). */
    public static ProtectionInfo requested(PiControl pi, PiType type, long slba) {
        return new ProtectionInfo(pi.deviceGenerates(), pi.checkGuard(), pi.checkAppTag(), pi.checkRefTag(),
                T10Dif.refTag(type, slba), pi.appTag(), pi.appTagMask());
    }

    /**
     * The integrity MR's signature attributes. {@code memoryPi} false (the host with PRACT): memory domain
     * none, wire T10-DIF, so the HCA inserts on write and strips on read; true: both T10-DIF (pass, verified
     * on the way). Check mask from PRCHK, as nvmet sets it (nvme-rdma leaves out the application tag, which
     * Linux's block layer never asks to check). Reference tags increment per block for types 1/2 (Linux
     * ties ref_remap to PRCHK_REF, which its block layer always sets for types 1/2; here a request may leave
     * it clear, and tuples the HCA inserts must still carry LBA-based tags as a controller's would).
     */
    public static SignatureAttributes signature(ProtectionInfo asked, BlockFormat format, boolean memoryPi) {
        SignatureDomain.T10Dif domain = new SignatureDomain.T10Dif(T10DifGuard.CRC, format.blockSize(), 0,
                asked.appTag(), asked.refTag() & 0xFFFF_FFFFL, format.piType().refTagIsLba(), true,
                format.piType() == PiType.TYPE3, asked.appTagMask());
        int mask = (asked.checkGuard() ? SignatureAttributes.CHECK_GUARD : 0)
                | (asked.checkAppTag() ? SignatureAttributes.CHECK_APP_TAG : 0)
                | (asked.checkRefTag() ? SignatureAttributes.CHECK_REF_TAG : 0);
        return new SignatureAttributes(memoryPi ? domain : SignatureDomain.NONE, domain, mask);
    }

    /** Bytes the transfer occupies on the wire: data with an 8-byte tuple after every block. */
    public static long wireBytes(int blocks, BlockFormat format) {
        return (long) blocks * (format.blockSize() + BlockFormat.PI_TUPLE_BYTES);
    }

    /** nvme_rdma_check_pi_status: the media-error status a signature error reports. */
    public static int statusCode(SignatureError e) {
        return switch (e.type()) {
            case GUARD -> NvmeCompletion.SC_GUARD_CHECK;
            case APP_TAG -> NvmeCompletion.SC_APPTAG_CHECK;
            case REF_TAG -> NvmeCompletion.SC_REFTAG_CHECK;
        };
    }

    /** One line for the user, in the words the block layer's own checks use. */
    public static String describe(SignatureError e, long slba, int blockSize) {
        long lba = slba + e.offset() / blockSize;
        return switch (e.type()) {
            case GUARD -> String.format("guard check failed at lba %d: expected 0x%04x, got 0x%04x", lba, e.expected(), e.actual());
            case APP_TAG -> String.format("application tag check failed at lba %d: expected 0x%04x, got 0x%04x", lba,
                    e.expected(), e.actual());
            case REF_TAG -> String.format("reference tag check failed at lba %d: expected 0x%08x, got 0x%08x", lba,
                    e.expected(), e.actual());
        } + " (HCA signature check)";
    }
}
