package org.hcasim.ulp.nvmeof.host;

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
 * How nvme-rdma (Linux 5.8+, "nvme-rdma: add metadata/T10-PI support") hands a PI request to the HCA's
 * signature engine: the PRINFO the block layer asked for, the signature attributes of the integrity MR
 * (nvme_rdma_set_sig_attrs), the PRINFO that goes on the wire, and the NVMe status a signature error
 * becomes (nvme_rdma_check_pi_status).
 *
 * <p>Data and PI travel interleaved on the wire (the integrity MR's wire domain is always T10-DIF), so
 * the target receives and returns 8 bytes of PI after every block whatever the host's memory holds.
 */
final class PiOffload {

    private PiOffload() {
    }

    /** What the request asks the controller for (PRACT = the device generates/strips). */
    static ProtectionInfo requested(PiControl pi, PiType type, long slba) {
        return new ProtectionInfo(pi.deviceGenerates(), pi.checkGuard(), pi.checkAppTag(), pi.checkRefTag(),
                T10Dif.refTag(type, slba), pi.appTag(), pi.appTagMask());
    }

    /**
     * The integrity MR's signature attributes. PRACT: memory domain none, wire T10-DIF (the HCA inserts on
     * write and strips on read, so PRACT is cleared on the wire); otherwise both T10-DIF (pass, verified
     * on the way). Check mask from PRCHK. Reference tags increment per block for types 1/2 (nvme-rdma
     * ties ref_remap to PRCHK_REF, which Linux always sets for types 1/2; here a request may leave it
     * clear, and the tuples the HCA inserts must still carry LBA-based tags as the controller would).
     */
    static SignatureAttributes signature(ProtectionInfo asked, BlockFormat format) {
        SignatureDomain.T10Dif domain = new SignatureDomain.T10Dif(T10DifGuard.CRC, format.blockSize(), 0,
                asked.appTag(), asked.refTag() & 0xFFFF_FFFFL, format.piType().refTagIsLba(), true,
                format.piType() == PiType.TYPE3, asked.appTagMask());
        int mask = (asked.checkGuard() ? SignatureAttributes.CHECK_GUARD : 0)
                | (asked.checkAppTag() ? SignatureAttributes.CHECK_APP_TAG : 0)
                | (asked.checkRefTag() ? SignatureAttributes.CHECK_REF_TAG : 0);
        return new SignatureAttributes(asked.pract() ? SignatureDomain.NONE : domain, domain, mask);
    }

    /** Bytes the transfer occupies on the wire: data with an 8-byte tuple after every block. */
    static long wireBytes(int blocks, BlockFormat format) {
        return (long) blocks * (format.blockSize() + BlockFormat.PI_TUPLE_BYTES);
    }

    /** nvme_rdma_check_pi_status: the media-error status a signature error reports. */
    static int statusCode(SignatureError e) {
        return switch (e.type()) {
            case GUARD -> NvmeCompletion.SC_GUARD_CHECK;
            case APP_TAG -> NvmeCompletion.SC_APPTAG_CHECK;
            case REF_TAG -> NvmeCompletion.SC_REFTAG_CHECK;
        };
    }

    /** One line for the user, in the words the block layer's own checks use. */
    static String describe(SignatureError e, long slba, int blockSize) {
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
