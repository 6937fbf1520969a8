package org.hcasim.ulp.iser.pdu;

/**
 * NOP-In (opcode 0x20; RFC 7143 section 11.19), the target's answer to a NOP-Out ping: byte 1 0x80, ITT 16-19
 * (the ping's), TTT 20-23 (0xffffffff: no answer wanted), StatSN 24-27, ExpCmdSN 28-31, MaxCmdSN 32-35.
 */
public record NopIn(int itt, int ttt, int statSn, int expCmdSn, int maxCmdSn) implements Pdu {

    @Override
    public int opcode() {
        return OP_NOP_IN;
    }

    @Override
    public byte[] encode() {
        byte[] b = Pdu.header(OP_NOP_IN, false, 0);
        b[1] = (byte) 0x80;
        BigEndian.put32(b, 16, itt);
        BigEndian.put32(b, 20, ttt);
        BigEndian.put32(b, 24, statSn);
        BigEndian.put32(b, 28, expCmdSn);
        BigEndian.put32(b, 32, maxCmdSn);
        return b;
    }

    static NopIn decode(byte[] b, int at) {
        return new NopIn(BigEndian.get32(b, at + 16), BigEndian.get32(b, at + 20), BigEndian.get32(b, at + 24),
                BigEndian.get32(b, at + 28), BigEndian.get32(b, at + 32));
    }
}
