package org.hcasim.ulp.iser.pdu;

/**
 * Logout Response (opcode 0x26; RFC 7143 section 11.15): byte 2 Response (0 = connection or session closed),
 * bytes 16-19 ITT, 24-27 StatSN, 28-31 ExpCmdSN, 32-35 MaxCmdSN, 40-41 Time2Wait, 42-43 Time2Retain.
 */
public record LogoutResponse(int response, int itt, int statSn, int expCmdSn, int maxCmdSn, int time2Wait,
                             int time2Retain) implements Pdu {
    public static final int CLOSED = 0;

    public LogoutResponse {
        if ((response & ~0xFF) != 0 || (time2Wait & ~0xFFFF) != 0 || (time2Retain & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("logout response: response 8 bits, times 16 bits");
        }
    }

    @Override
    public int opcode() {
        return OP_LOGOUT_RESPONSE;
    }

    @Override
    public byte[] encode() {
        byte[] b = Pdu.header(OP_LOGOUT_RESPONSE, false, 0);
        b[1] = (byte) 0x80;
        b[2] = (byte) response;
        BigEndian.put32(b, 16, itt);
        BigEndian.put32(b, 24, statSn);
        BigEndian.put32(b, 28, expCmdSn);
        BigEndian.put32(b, 32, maxCmdSn);
        BigEndian.put16(b, 40, time2Wait);
        BigEndian.put16(b, 42, time2Retain);
        return b;
    }

    static LogoutResponse decode(byte[] b, int at) {
        return new LogoutResponse(b[at + 2] & 0xFF, BigEndian.get32(b, at + 16), BigEndian.get32(b, at + 24),
                BigEndian.get32(b, at + 28), BigEndian.get32(b, at + 32), BigEndian.get16(b, at + 40),
                BigEndian.get16(b, at + 42));
    }
}
