package org.hcasim.ulp.iser.scsi;

import org.hcasim.block.PiType;

/**
 * What Linux's sd asks of the host adapter for one read or write (sd_setup_protect_cmnd, sd_prot_op,
 * sd_prot_flag_mask): the protection operation, its flags, and the RDPROTECT/WRPROTECT field of the CDB.
 *
 * <p>{@code dix}: the request carries protection information in host memory (the block layer generated it for a
 * write, {@code write_generate}, or wants to verify it after a read, {@code read_verify}). {@code dif}: the LUN is
 * formatted with PI and the host adapter handles its type, so PI travels on the wire. The operation is
 * {@code ops[write << 2 | dix << 1 | dif]}: NORMAL, READ_STRIP, READ_INSERT, READ_PASS, NORMAL, WRITE_INSERT,
 * WRITE_STRIP, WRITE_PASS. With DIX the guard in memory is the IP checksum when the adapter offers it (ib_iser
 * does: SHOST_DIX_GUARD_IP), the guard is checked unless the bio says not to; types 1 and 2 increment and check
 * the reference tag; DIF sets the protect field to 1 (target checks on).
 */
public record ScsiProtection(Op op, int flags, int protectField) {

    /** scsi_prot_operations. INSERT/STRIP name what the adapter does: insert PI into, or strip it from, the data. */
    public enum Op {
        NORMAL, READ_INSERT, WRITE_STRIP, READ_STRIP, WRITE_INSERT, READ_PASS, WRITE_PASS;

        /** Host memory holds PI for this operation (the metadata buffer is mapped). */
        public boolean memoryPi() {
            return this == READ_INSERT || this == WRITE_STRIP || this == READ_PASS || this == WRITE_PASS;
        }

        /** PI travels on the wire with the data. */
        public boolean wirePi() {
            return this == READ_STRIP || this == WRITE_INSERT || this == READ_PASS || this == WRITE_PASS;
        }
    }

    /** scsi_prot_flags. */
    public static final int TRANSFER_PI = 1;
    public static final int GUARD_CHECK = 1 << 1;
    public static final int REF_CHECK = 1 << 2;
    public static final int REF_INCREMENT = 1 << 3;
    public static final int IP_CHECKSUM = 1 << 4;

    public static final ScsiProtection NONE = new ScsiProtection(Op.NORMAL, 0, 0);

    /**
     * The protection of a command, as sd_setup_protect_cmnd derives it.
     *
     * @param dif        the LUN's PI type when the host adapter does DIF for it, else {@link PiType#NONE}
     * @param ipChecksum the block layer's integrity profile keeps the IP checksum as guard (T10-DIF-TYPE*-IP)
     */
    public static ScsiProtection of(boolean write, boolean dix, PiType dif, boolean ipChecksum) {
        boolean isDif = dif != PiType.NONE;
        Op op = OPS[(write ? 4 : 0) | (dix ? 2 : 0) | (isDif ? 1 : 0)];
        if (op == Op.NORMAL) {
            return NONE;
        }
        int flags = 0;
        int protect = 0;
        if (dix) {
            flags |= (ipChecksum ? IP_CHECKSUM : 0) | GUARD_CHECK;
        }
        if (dif != PiType.TYPE3) { // DIX/DIF types 0, 1, 2
            flags |= REF_INCREMENT | REF_CHECK;
        }
        if (isDif) {
            flags |= TRANSFER_PI;
            protect = 1; // target PI checking enabled
        }
        return new ScsiProtection(op, flags & MASK[op.ordinal()], protect);
    }

    private static final Op[] OPS = {Op.NORMAL, Op.READ_STRIP, Op.READ_INSERT, Op.READ_PASS, Op.NORMAL,
        Op.WRITE_INSERT, Op.WRITE_STRIP, Op.WRITE_PASS};

    /** sd_prot_flag_mask, by Op ordinal. */
    private static final int[] MASK = {
        0,
        REF_INCREMENT | IP_CHECKSUM,                                              // READ_INSERT
        REF_INCREMENT | IP_CHECKSUM,                                              // WRITE_STRIP
        TRANSFER_PI | REF_CHECK | REF_INCREMENT,                                  // READ_STRIP
        TRANSFER_PI | REF_INCREMENT,                                              // WRITE_INSERT
        TRANSFER_PI | GUARD_CHECK | REF_CHECK | REF_INCREMENT | IP_CHECKSUM,      // READ_PASS
        TRANSFER_PI | GUARD_CHECK | REF_CHECK | REF_INCREMENT | IP_CHECKSUM,      // WRITE_PASS
    };

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** Bytes the command moves: the data, plus an 8-byte tuple per block when PI travels on the wire. */
    public long transferLength(int blocks, int blockSize) {
        return (long) blocks * blockSize + (has(TRANSFER_PI) ? (long) blocks * 8 : 0);
    }
}
