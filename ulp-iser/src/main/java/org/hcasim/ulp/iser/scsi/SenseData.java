package org.hcasim.ulp.iser.scsi;

import org.hcasim.ulp.iser.pdu.BigEndian;

/**
 * Fixed-format sense data (SPC-4 section 4.5.3), as LIO builds it: byte 0 response code 0x70 (current error)
 * with the VALID bit 0x80 when INFORMATION holds an LBA, byte 2 the sense key, bytes 3-6 INFORMATION, byte 7 the
 * additional length (10), byte 12 ASC, byte 13 ASCQ: 18 bytes.
 *
 * @param information the LBA the error concerns, or {@link #NO_INFORMATION}
 */
public record SenseData(int key, int asc, int ascq, long information) {
    public static final int BYTES = 18;
    public static final long NO_INFORMATION = -1;

    public static final int ILLEGAL_REQUEST = 0x05;
    public static final int ABORTED_COMMAND = 0x0B;
    /** ASC 0x10: logical block protection information check failed; ASCQ 1 guard, 2 application tag, 3 reference tag. */
    public static final int ASC_PROTECTION = 0x10;
    public static final int ASCQ_GUARD = 0x01;
    public static final int ASCQ_APP_TAG = 0x02;
    public static final int ASCQ_REF_TAG = 0x03;
    public static final int ASC_INVALID_OPCODE = 0x20;
    public static final int ASC_LBA_OUT_OF_RANGE = 0x21;
    public static final int ASC_INVALID_FIELD_IN_CDB = 0x24;

    public SenseData {
        if ((key & ~0xF) != 0 || (asc & ~0xFF) != 0 || (ascq & ~0xFF) != 0) {
            throw new IllegalArgumentException("sense key 4 bits, ASC and ASCQ 8 bits");
        }
        if (information != NO_INFORMATION && (information < 0 || information > 0xFFFF_FFFFL)) {
            information = NO_INFORMATION; // fixed format holds a 32-bit INFORMATION field only
        }
    }

    public static SenseData invalidOpcode() {
        return new SenseData(ILLEGAL_REQUEST, ASC_INVALID_OPCODE, 0, NO_INFORMATION);
    }

    public static SenseData invalidFieldInCdb() {
        return new SenseData(ILLEGAL_REQUEST, ASC_INVALID_FIELD_IN_CDB, 0, NO_INFORMATION);
    }

    public static SenseData lbaOutOfRange() {
        return new SenseData(ILLEGAL_REQUEST, ASC_LBA_OUT_OF_RANGE, 0, NO_INFORMATION);
    }

    /** A protection check failure (ASC 0x10) found by the target (sense key ABORTED COMMAND, as LIO). */
    public static SenseData protection(int ascq, long lba) {
        return new SenseData(ABORTED_COMMAND, ASC_PROTECTION, ascq, lba);
    }

    /**
     * The ASCQ of a protection check failure of {@code type}: 1 guard, 2 application tag, 3 reference tag (what
     * isert_check_pi_status and iser_check_task_pi_status both make of the HCA's signature error).
     */
    public static int ascqOf(org.hcasim.verbs.SignatureErrorType type) {
        return switch (type) {
            case GUARD -> ASCQ_GUARD;
            case APP_TAG -> ASCQ_APP_TAG;
            case REF_TAG -> ASCQ_REF_TAG;
        };
    }

    public boolean isProtectionError() {
        return asc == ASC_PROTECTION && ascq >= ASCQ_GUARD && ascq <= ASCQ_REF_TAG;
    }

    public byte[] encode() {
        byte[] b = new byte[BYTES];
        b[0] = (byte) (0x70 | (information != NO_INFORMATION ? 0x80 : 0));
        b[2] = (byte) key;
        if (information != NO_INFORMATION) {
            BigEndian.put32(b, 3, (int) information);
        }
        b[7] = (byte) (BYTES - 8);
        b[12] = (byte) asc;
        b[13] = (byte) ascq;
        return b;
    }

    /** Decodes fixed-format sense data (response code 0x70 or 0x71); anything else is an IllegalArgumentException. */
    public static SenseData decode(byte[] b) {
        if (b.length < 14 || (b[0] & 0x7E) != 0x70) {
            throw new IllegalArgumentException("sense data of " + b.length + " bytes with response code 0x"
                    + Integer.toHexString(b.length == 0 ? 0 : b[0] & 0x7F) + ": only fixed format (0x70/0x71) is read");
        }
        long info = (b[0] & 0x80) != 0 ? BigEndian.get32(b, 3) & 0xFFFF_FFFFL : NO_INFORMATION;
        return new SenseData(b[2] & 0x0F, b[12] & 0xFF, b[13] & 0xFF, info);
    }

    /** Linux's words (scsi_print_sense): "Sense Key : Aborted Command", "Add. Sense: Logical block guard check failed". */
    public String describe() {
        String k = switch (key) {
            case ILLEGAL_REQUEST -> "Illegal Request";
            case ABORTED_COMMAND -> "Aborted Command";
            default -> String.format("0x%x", key);
        };
        String a = switch (asc << 8 | ascq) {
            case ASC_PROTECTION << 8 | ASCQ_GUARD -> "Logical block guard check failed";
            case ASC_PROTECTION << 8 | ASCQ_APP_TAG -> "Logical block application tag check failed";
            case ASC_PROTECTION << 8 | ASCQ_REF_TAG -> "Logical block reference tag check failed";
            case ASC_INVALID_OPCODE << 8 -> "Invalid command operation code";
            case ASC_LBA_OUT_OF_RANGE << 8 -> "Logical block address out of range";
            case ASC_INVALID_FIELD_IN_CDB << 8 -> "Invalid field in cdb";
            default -> String.format("ASC=0x%x ASCQ=0x%x", asc, ascq);
        };
        return "Sense Key : " + k + ", Add. Sense: " + a + String.format(" (ASC 0x%02x, ASCQ 0x%02x)", asc, ascq)
                + (information != NO_INFORMATION ? " at lba " + information : "");
    }
}
