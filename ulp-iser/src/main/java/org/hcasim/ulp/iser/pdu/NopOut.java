package org.hcasim.ulp.iser.pdu;

/**
 * NOP-Out (opcode 0x00; RFC 7143 section 11.18), sent immediate as libiscsi's ping: byte 1 0x80, LUN 8-15,
 * ITT 16-19 (a task tag: the target must answer with a NOP-In), TTT 20-23 (0xffffffff: not an answer to a NOP-In),
 * CmdSN 24-27 (not advanced by an immediate PDU), ExpStatSN 28-31; no ping data.
 */
public record NopOut(int itt, int ttt, int cmdSn, int expStatSn) implements Pdu {
    /** The reserved tag: no answer wanted (ITT) or not answering a NOP-In (TTT). */
    public static final int RESERVED_TAG = 0xFFFF_FFFF;

    @Override
    public int opcode() {
        return OP_NOP_OUT;
    }

    @Override
    public byte[] encode() {
        byte[] b = Pdu.header(OP_NOP_OUT, true, 0);
        b[1] = (byte) 0x80;
        BigEndian.put32(b, 16, itt);
        BigEndian.put32(b, 20, ttt);
        BigEndian.put32(b, 24, cmdSn);
        BigEndian.put32(b, 28, expStatSn);
        return b;
    }

    static NopOut decode(byte[] b, int at) {
        return new NopOut(BigEndian.get32(b, at + 16), BigEndian.get32(b, at + 20), BigEndian.get32(b, at + 24),
                BigEndian.get32(b, at + 28));
    }
}
