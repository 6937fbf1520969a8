package org.hcasim.ulp.iser.pdu;

/**
 * Login Request (opcode 0x03, always immediate; RFC 7143 section 11.12). Byte 1: T (transit) 0x80, C
 * (continue) 0x40, CSG bits 3-2, NSG bits 1-0; byte 2 Version-max, byte 3 Version-min; bytes 8-13 ISID, 14-15
 * TSIH, 16-19 ITT, 20-21 CID, 24-27 CmdSN, 28-31 ExpStatSN; the data segment holds the text keys.
 */
public record LoginRequest(boolean transit, boolean cont, int csg, int nsg, int versionMax, int versionMin, long isid,
                           int tsih, int itt, int cid, int cmdSn, int expStatSn, TextParameters keys) implements Pdu {

    /** Login stages (CSG / NSG). */
    public static final int SECURITY = 0;
    public static final int OPERATIONAL = 1;
    public static final int FULL_FEATURE = 3;

    public LoginRequest {
        LoginResponse.checkStages(csg, nsg, transit);
        if ((isid >>> 48) != 0 || (tsih & ~0xFFFF) != 0 || (cid & ~0xFFFF) != 0 || (versionMax & ~0xFF) != 0
                || (versionMin & ~0xFF) != 0) {
            throw new IllegalArgumentException("login request field out of range (ISID 48 bits, TSIH/CID 16, versions 8)");
        }
    }

    @Override
    public int opcode() {
        return OP_LOGIN_REQUEST;
    }

    @Override
    public byte[] encode() {
        byte[] data = keys.encode();
        byte[] b = Pdu.header(OP_LOGIN_REQUEST, true, data.length);
        b[1] = (byte) ((transit ? 0x80 : 0) | (cont ? 0x40 : 0) | csg << 2 | nsg);
        b[2] = (byte) versionMax;
        b[3] = (byte) versionMin;
        BigEndian.put48(b, 8, isid);
        BigEndian.put16(b, 14, tsih);
        BigEndian.put32(b, 16, itt);
        BigEndian.put16(b, 20, cid);
        BigEndian.put32(b, 24, cmdSn);
        BigEndian.put32(b, 28, expStatSn);
        System.arraycopy(data, 0, b, BHS_BYTES, data.length);
        return b;
    }

    static LoginRequest decode(byte[] b, int at) {
        int f = b[at + 1] & 0xFF;
        return new LoginRequest((f & 0x80) != 0, (f & 0x40) != 0, f >>> 2 & 3, f & 3, b[at + 2] & 0xFF,
                b[at + 3] & 0xFF, BigEndian.get48(b, at + 8), BigEndian.get16(b, at + 14), BigEndian.get32(b, at + 16),
                BigEndian.get16(b, at + 20), BigEndian.get32(b, at + 24), BigEndian.get32(b, at + 28),
                TextParameters.decode(b, at + BHS_BYTES, Pdu.dataSegmentLength(b, at)));
    }
}
