package org.hcasim.ulp.srp.iu;

/**
 * SRP information unit constants (T10 SRP r16a; Linux {@code include/scsi/srp.h}). Every SRP IU is big-endian and
 * starts with its opcode byte.
 */
public final class SrpIu {
    private SrpIu() {
    }

    public static final int LOGIN_REQ = 0x00;
    public static final int TSK_MGMT = 0x01;
    public static final int CMD = 0x02;
    public static final int I_LOGOUT = 0x03;
    public static final int LOGIN_RSP = 0xC0;
    public static final int RSP = 0xC1;
    public static final int LOGIN_REJ = 0xC2;

    /** Buffer formats a login names and a command's buffer-format nibbles use. */
    public static final int NO_DATA_DESC = 0;
    public static final int DATA_DESC_DIRECT = 1;
    public static final int DATA_DESC_INDIRECT = 2;
    /** Login buffer-format bits (req_buf_fmt / buf_fmt): direct and indirect descriptors supported. */
    public static final int BUF_FORMAT_DIRECT = 1 << 1;
    public static final int BUF_FORMAT_INDIRECT = 1 << 2;

    /** Login request flags: multi-channel action (SRP_MULTICHAN_SINGLE 0, SRP_MULTICHAN_MULTI 1). */
    public static final int MULTICHAN_SINGLE = 0;
    public static final int MULTICHAN_MULTI = 1;

    /** The opcode of an IU in {@code b} at {@code off}. */
    public static int opcode(byte[] b, int off) {
        return b[off] & 0xFF;
    }

    static void checkLength(String what, byte[] b, int off, int length) {
        if (off < 0 || b.length - off < length) {
            throw new IllegalArgumentException(what + ": " + (b.length - Math.max(off, 0)) + " bytes, needs " + length);
        }
    }

    static void checkOpcode(String what, byte[] b, int off, int expected) {
        if (opcode(b, off) != expected) {
            throw new IllegalArgumentException(String.format("%s: opcode 0x%02x, expected 0x%02x", what, opcode(b, off), expected));
        }
    }
}
