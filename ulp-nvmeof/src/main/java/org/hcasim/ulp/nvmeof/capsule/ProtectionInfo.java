package org.hcasim.ulp.nvmeof.capsule;

/**
 * The protection-information fields of an NVMe Read/Write command: PRINFO in CDW12 bits 29:26 (PRACT 29,
 * PRCHK guard 28, application tag 27, reference tag 26), the expected initial logical block reference tag
 * in CDW14 (EILBRT), and in CDW15 the expected application tag (bits 15:0, ELBAT) and its mask (bits
 * 31:16, ELBATM). All little-endian, like the rest of the SQE.
 *
 * @param pract    protection information action: the controller inserts PI on write and strips it on read
 * @param refTag   reference tag of the first block (type 1/2: low 32 bits of the starting LBA)
 */
public record ProtectionInfo(boolean pract, boolean checkGuard, boolean checkAppTag, boolean checkRefTag,
                             int refTag, int appTag, int appTagMask) {

    /** Bit positions inside CDW12. */
    public static final int CDW12_PRACT = 1 << 29;
    public static final int CDW12_PRCHK_GUARD = 1 << 28;
    public static final int CDW12_PRCHK_APPTAG = 1 << 27;
    public static final int CDW12_PRCHK_REFTAG = 1 << 26;

    /** No PI fields set (a namespace without PI). */
    public static final ProtectionInfo NONE = new ProtectionInfo(false, false, false, false, 0, 0, 0);

    static final int CDW12 = 48;
    static final int CDW14 = 56;
    static final int CDW15 = 60;

    public ProtectionInfo {
        if (appTag < 0 || appTag > 0xFFFF || appTagMask < 0 || appTagMask > 0xFFFF) {
            throw new IllegalArgumentException("application tag and mask are 16-bit: 0x" + Integer.toHexString(appTag)
                    + "/0x" + Integer.toHexString(appTagMask));
        }
    }

    /** The same request with PRACT cleared: what a host sends when its HCA inserts and strips the PI. */
    public ProtectionInfo withoutPract() {
        return new ProtectionInfo(false, checkGuard, checkAppTag, checkRefTag, refTag, appTag, appTagMask);
    }

    /** The PRINFO bits as they sit in CDW12. */
    public int cdw12Bits() {
        return (pract ? CDW12_PRACT : 0) | (checkGuard ? CDW12_PRCHK_GUARD : 0)
                | (checkAppTag ? CDW12_PRCHK_APPTAG : 0) | (checkRefTag ? CDW12_PRCHK_REFTAG : 0);
    }

    /** ORs PRINFO into CDW12 (keeping the block count) and writes CDW14 and CDW15 of {@code sqe}. */
    void encode(byte[] sqe) {
        long cdw12 = LittleEndian.get(sqe, CDW12, 4) & ~(0xFL << 26);
        LittleEndian.put(sqe, CDW12, cdw12 | cdw12Bits(), 4);
        LittleEndian.put(sqe, CDW14, refTag & 0xFFFF_FFFFL, 4);
        LittleEndian.put(sqe, CDW15, (long) appTagMask << 16 | appTag, 4);
    }

    static ProtectionInfo decode(byte[] sqe) {
        int cdw12 = (int) LittleEndian.get(sqe, CDW12, 4);
        int cdw15 = (int) LittleEndian.get(sqe, CDW15, 4);
        return new ProtectionInfo((cdw12 & CDW12_PRACT) != 0, (cdw12 & CDW12_PRCHK_GUARD) != 0,
                (cdw12 & CDW12_PRCHK_APPTAG) != 0, (cdw12 & CDW12_PRCHK_REFTAG) != 0,
                (int) LittleEndian.get(sqe, CDW14, 4), cdw15 & 0xFFFF, cdw15 >>> 16);
    }
}
