package org.hcasim.ulp.iser.pdu;

/**
 * Login Response (opcode 0x23; RFC 7143 section 11.13). Byte 1 as the request's; byte 2 Version-max, byte 3
 * Version-active; bytes 8-13 ISID, 14-15 TSIH, 16-19 ITT, 24-27 StatSN, 28-31 ExpCmdSN, 32-35 MaxCmdSN, 36
 * Status-Class, 37 Status-Detail; the data segment holds the text keys.
 */
public record LoginResponse(boolean transit, boolean cont, int csg, int nsg, int versionMax, int versionActive,
                            long isid, int tsih, int itt, int statSn, int expCmdSn, int maxCmdSn, int statusClass,
                            int statusDetail, TextParameters keys) implements Pdu {

    /** Status-Class/Detail values used (RFC 7143 section 11.13.5). */
    public static final int SUCCESS = 0x0000;
    public static final int INITIATOR_ERROR = 0x0200;
    public static final int NOT_FOUND = 0x0203;
    public static final int UNSUPPORTED_VERSION = 0x0205;
    public static final int MISSING_PARAMETER = 0x0207;
    public static final int SESSION_TYPE_NOT_SUPPORTED = 0x0209;
    public static final int TARGET_ERROR = 0x0300;

    public LoginResponse {
        checkStages(csg, nsg, transit);
        if ((isid >>> 48) != 0 || (tsih & ~0xFFFF) != 0 || (statusClass & ~0xFF) != 0 || (statusDetail & ~0xFF) != 0) {
            throw new IllegalArgumentException("login response field out of range (ISID 48 bits, TSIH 16, status 8+8)");
        }
    }

    /** CSG is 0 (security) or 1 (operational); NSG, meaningful with T, is 1 or 3 and after CSG. */
    static void checkStages(int csg, int nsg, boolean transit) {
        if (csg != 0 && csg != 1 || (nsg & ~3) != 0 || transit && (nsg == 2 || nsg <= csg)) {
            throw new IllegalArgumentException("login stages CSG " + csg + " NSG " + nsg + (transit ? " with" : " without")
                    + " T: CSG must be 0 or 1 and a transit must go forward to stage 1 or 3");
        }
    }

    /** The 16-bit status: class << 8 | detail. */
    public int status() {
        return statusClass << 8 | statusDetail;
    }

    @Override
    public int opcode() {
        return OP_LOGIN_RESPONSE;
    }

    @Override
    public byte[] encode() {
        byte[] data = keys.encode();
        byte[] b = Pdu.header(OP_LOGIN_RESPONSE, false, data.length);
        b[1] = (byte) ((transit ? 0x80 : 0) | (cont ? 0x40 : 0) | csg << 2 | nsg);
        b[2] = (byte) versionMax;
        b[3] = (byte) versionActive;
        BigEndian.put48(b, 8, isid);
        BigEndian.put16(b, 14, tsih);
        BigEndian.put32(b, 16, itt);
        BigEndian.put32(b, 24, statSn);
        BigEndian.put32(b, 28, expCmdSn);
        BigEndian.put32(b, 32, maxCmdSn);
        b[36] = (byte) statusClass;
        b[37] = (byte) statusDetail;
        System.arraycopy(data, 0, b, BHS_BYTES, data.length);
        return b;
    }

    static LoginResponse decode(byte[] b, int at) {
        int f = b[at + 1] & 0xFF;
        return new LoginResponse((f & 0x80) != 0, (f & 0x40) != 0, f >>> 2 & 3, f & 3, b[at + 2] & 0xFF,
                b[at + 3] & 0xFF, BigEndian.get48(b, at + 8), BigEndian.get16(b, at + 14), BigEndian.get32(b, at + 16),
                BigEndian.get32(b, at + 24), BigEndian.get32(b, at + 28), BigEndian.get32(b, at + 32),
                b[at + 36] & 0xFF, b[at + 37] & 0xFF, TextParameters.decode(b, at + BHS_BYTES, Pdu.dataSegmentLength(b, at)));
    }
}
