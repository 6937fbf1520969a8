package org.hcasim.ulp.iser.initiator;

import org.hcasim.ulp.iser.scsi.ScsiProtection;
import org.hcasim.ulp.iser.scsi.SenseData;
import org.hcasim.verbs.SignatureAttributes;
import org.hcasim.verbs.SignatureDomain;
import org.hcasim.verbs.SignatureError;
import org.hcasim.verbs.T10DifGuard;

/**
 * ib_iser's T10-PI handover: the integrity MR's signature attributes for a command's protection operation
 * (iser_set_sig_attrs, iser_set_dif_domain, iser_set_prot_checks) and what a signature error found by the HCA
 * becomes (iser_check_task_pi_status, then libiscsi builds ILLEGAL REQUEST sense with ASC 0x10).
 */
final class IserSignature {
    private IserSignature() {
    }

    /**
     * The signature attributes of an operation: INSERT on write / STRIP on read: memory none, wire T10-DIF CRC;
     * INSERT on read / STRIP on write: memory T10-DIF, wire none; PASS: both. The memory guard is the IP checksum
     * when the block layer keeps it (SCSI_PROT_IP_CHECKSUM), the wire guard always CRC. Both domains: interval =
     * the LUN's block size, reference tag = the LBA's low 32 bits, application-tag check mask 0xffff, application
     * and reference escapes on (hard-coded in ib_iser), reference tag remapped per block with REF_INCREMENT. The
     * check mask has the guard when GUARD_CHECK and the reference tag when REF_CHECK; ib_iser never checks the
     * application tag.
     */
    static SignatureAttributes attributes(ScsiProtection p, int blockSize, long lba) {
        boolean remap = p.has(ScsiProtection.REF_INCREMENT);
        SignatureDomain.T10Dif wire = domain(T10DifGuard.CRC, blockSize, lba, remap);
        SignatureDomain.T10Dif memory = domain(p.has(ScsiProtection.IP_CHECKSUM) ? T10DifGuard.IP_CSUM : T10DifGuard.CRC,
                blockSize, lba, remap);
        int mask = (p.has(ScsiProtection.GUARD_CHECK) ? SignatureAttributes.CHECK_GUARD : 0)
                | (p.has(ScsiProtection.REF_CHECK) ? SignatureAttributes.CHECK_REF_TAG : 0);
        return new SignatureAttributes(p.op().memoryPi() ? memory : SignatureDomain.NONE,
                p.op().wirePi() ? wire : SignatureDomain.NONE, mask);
    }

    private static SignatureDomain.T10Dif domain(T10DifGuard guard, int blockSize, long lba, boolean remap) {
        return new SignatureDomain.T10Dif(guard, blockSize, 0, 0, lba & 0xFFFF_FFFFL, remap, true, true, 0xFFFF);
    }

    /**
     * The sense data libiscsi builds for a signature error the HCA found: ILLEGAL REQUEST, ASC 0x10, ASCQ 1 (guard),
     * 2 (application tag) or 3 (reference tag), INFORMATION = the failing block's LBA.
     */
    static SenseData sense(SignatureError e, long lba, int blockSize) {
        return new SenseData(SenseData.ILLEGAL_REQUEST, SenseData.ASC_PROTECTION, SenseData.ascqOf(e.type()),
                lba + e.offset() / blockSize);
    }

    /** The line iser_check_task_pi_status logs: "PI error found type N at sector S expected E vs actual A". */
    static String describe(SignatureError e, long lba, int blockSize) {
        return String.format("PI error found by the initiator's HCA: %s at sector %d expected 0x%x vs actual 0x%x",
                e.type().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '), lba + e.offset() / blockSize,
                e.expected(), e.actual());
    }
}
