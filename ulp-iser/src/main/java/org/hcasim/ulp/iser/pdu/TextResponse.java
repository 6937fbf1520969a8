package org.hcasim.ulp.iser.pdu;

/**
 * Text Response (opcode 0x24; RFC 7143 section 11.11): byte 1 F 0x80, C 0x40; bytes 16-19 ITT, 20-23 TTT, 24-27
 * StatSN, 28-31 ExpCmdSN, 32-35 MaxCmdSN; text keys in the data segment.
 */
public record TextResponse(boolean fin, boolean cont, int itt, int ttt, int statSn, int expCmdSn, int maxCmdSn,
                           TextParameters keys) implements Pdu {

    @Override
    public int opcode() {
        return OP_TEXT_RESPONSE;
    }

    @Override
    public byte[] encode() {
        byte[] data = keys.encode();
        byte[] b = Pdu.header(OP_TEXT_RESPONSE, false, data.length);
        b[1] = (byte) ((fin ? 0x80 : 0) | (cont ? 0x40 : 0));
        BigEndian.put32(b, 16, itt);
        BigEndian.put32(b, 20, ttt);
        BigEndian.put32(b, 24, statSn);
        BigEndian.put32(b, 28, expCmdSn);
        BigEndian.put32(b, 32, maxCmdSn);
        System.arraycopy(data, 0, b, BHS_BYTES, data.length);
        return b;
    }

    static TextResponse decode(byte[] b, int at) {
        int f = b[at + 1] & 0xFF;
        return new TextResponse((f & 0x80) != 0, (f & 0x40) != 0, BigEndian.get32(b, at + 16), BigEndian.get32(b, at + 20),
                BigEndian.get32(b, at + 24), BigEndian.get32(b, at + 28), BigEndian.get32(b, at + 32),
                TextParameters.decode(b, at + BHS_BYTES, Pdu.dataSegmentLength(b, at)));
    }
}
