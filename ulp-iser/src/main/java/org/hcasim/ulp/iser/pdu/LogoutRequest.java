package org.hcasim.ulp.iser.pdu;

/**
 * Logout Request (opcode 0x06; RFC 7143 section 11.14): byte 1 0x80 and the reason code (0 = close the
 * session); bytes 16-19 ITT, 20-21 CID, 24-27 CmdSN, 28-31 ExpStatSN.
 */
public record LogoutRequest(boolean immediate, int reason, int itt, int cid, int cmdSn, int expStatSn) implements Pdu {
    public static final int CLOSE_SESSION = 0;

    public LogoutRequest {
        if ((reason & ~0x7F) != 0 || (cid & ~0xFFFF) != 0) {
            throw new IllegalArgumentException("logout request: reason 7 bits, CID 16 bits");
        }
    }

    @Override
    public int opcode() {
        return OP_LOGOUT_REQUEST;
    }

    @Override
    public byte[] encode() {
        byte[] b = Pdu.header(OP_LOGOUT_REQUEST, immediate, 0);
        b[1] = (byte) (0x80 | reason);
        BigEndian.put32(b, 16, itt);
        BigEndian.put16(b, 20, cid);
        BigEndian.put32(b, 24, cmdSn);
        BigEndian.put32(b, 28, expStatSn);
        return b;
    }

    static LogoutRequest decode(byte[] b, int at) {
        return new LogoutRequest((b[at] & IMMEDIATE) != 0, b[at + 1] & 0x7F, BigEndian.get32(b, at + 16),
                BigEndian.get16(b, at + 20), BigEndian.get32(b, at + 24), BigEndian.get32(b, at + 28));
    }
}
