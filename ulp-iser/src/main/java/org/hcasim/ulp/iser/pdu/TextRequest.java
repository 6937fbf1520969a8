package org.hcasim.ulp.iser.pdu;

/**
 * Text Request (opcode 0x04; RFC 7143 section 11.10): byte 1 F 0x80, C 0x40; bytes 16-19 ITT, 20-23 Target
 * Transfer Tag (0xFFFFFFFF for a new request), 24-27 CmdSN, 28-31 ExpStatSN; text keys in the data segment
 * (discovery's {@code SendTargets=All}).
 */
public record TextRequest(boolean immediate, boolean fin, boolean cont, int itt, int ttt, int cmdSn, int expStatSn,
                          TextParameters keys) implements Pdu {

    @Override
    public int opcode() {
        return OP_TEXT_REQUEST;
    }

    @Override
    public byte[] encode() {
        byte[] data = keys.encode();
        byte[] b = Pdu.header(OP_TEXT_REQUEST, immediate, data.length);
        b[1] = (byte) ((fin ? 0x80 : 0) | (cont ? 0x40 : 0));
        BigEndian.put32(b, 16, itt);
        BigEndian.put32(b, 20, ttt);
        BigEndian.put32(b, 24, cmdSn);
        BigEndian.put32(b, 28, expStatSn);
        System.arraycopy(data, 0, b, BHS_BYTES, data.length);
        return b;
    }

    static TextRequest decode(byte[] b, int at) {
        int f = b[at + 1] & 0xFF;
        return new TextRequest((b[at] & IMMEDIATE) != 0, (f & 0x80) != 0, (f & 0x40) != 0, BigEndian.get32(b, at + 16),
                BigEndian.get32(b, at + 20), BigEndian.get32(b, at + 24), BigEndian.get32(b, at + 28),
                TextParameters.decode(b, at + BHS_BYTES, Pdu.dataSegmentLength(b, at)));
    }
}
