package org.hcasim.ulp.iser.pdu;

import java.util.Arrays;

/**
 * SCSI Response (opcode 0x21; RFC 7143 section 11.4). Byte 1: 0x80 and the residual flags (o 0x10, u 0x08 for
 * bidirectional commands, O 0x04 overflow, U 0x02 underflow); byte 2 Response (0 = command completed at target),
 * byte 3 SCSI Status; bytes 16-19 ITT, 20-23 SNACK tag, 24-27 StatSN, 28-31 ExpCmdSN, 32-35 MaxCmdSN, 36-39
 * ExpDataSN, 40-43 bidirectional read residual, 44-47 residual count. With sense data (status CHECK CONDITION)
 * the data segment is its 2-byte length followed by the sense bytes.
 */
public record ScsiResponse(int residualFlags, int response, int status, int itt, int statSn, int expCmdSn,
                           int maxCmdSn, int residualCount, byte[] sense) implements Pdu {

    public static final int COMPLETED = 0x00;
    public static final int GOOD = 0x00;
    public static final int CHECK_CONDITION = 0x02;
    public static final int OVERFLOW = 0x04;
    public static final int UNDERFLOW = 0x02;

    public ScsiResponse {
        if ((residualFlags & ~0x1E) != 0 || (response & ~0xFF) != 0 || (status & ~0xFF) != 0 || sense.length > 0xFFFF) {
            throw new IllegalArgumentException("SCSI response: residual flags 0x1E, response and status 8 bits, sense < 64 KiB");
        }
        sense = sense.clone();
    }

    @Override
    public byte[] sense() {
        return sense.clone();
    }

    @Override
    public int opcode() {
        return OP_SCSI_RESPONSE;
    }

    @Override
    public byte[] encode() {
        int dsl = sense.length == 0 ? 0 : 2 + sense.length;
        byte[] b = Pdu.header(OP_SCSI_RESPONSE, false, dsl);
        b[1] = (byte) (0x80 | residualFlags);
        b[2] = (byte) response;
        b[3] = (byte) status;
        BigEndian.put32(b, 16, itt);
        BigEndian.put32(b, 24, statSn);
        BigEndian.put32(b, 28, expCmdSn);
        BigEndian.put32(b, 32, maxCmdSn);
        BigEndian.put32(b, 44, residualCount);
        if (dsl > 0) {
            BigEndian.put16(b, BHS_BYTES, sense.length);
            System.arraycopy(sense, 0, b, BHS_BYTES + 2, sense.length);
        }
        return b;
    }

    static ScsiResponse decode(byte[] b, int at) {
        int dsl = Pdu.dataSegmentLength(b, at);
        byte[] sense = new byte[0];
        if (dsl >= 2) {
            int senseLength = BigEndian.get16(b, at + BHS_BYTES);
            if (senseLength > dsl - 2) {
                throw new IllegalArgumentException("SCSI response: sense length " + senseLength + " exceeds its "
                        + (dsl - 2) + "-byte data segment");
            }
            sense = Arrays.copyOfRange(b, at + BHS_BYTES + 2, at + BHS_BYTES + 2 + senseLength);
        }
        return new ScsiResponse(b[at + 1] & 0x1E, b[at + 2] & 0xFF, b[at + 3] & 0xFF, BigEndian.get32(b, at + 16),
                BigEndian.get32(b, at + 24), BigEndian.get32(b, at + 28), BigEndian.get32(b, at + 32),
                BigEndian.get32(b, at + 44), sense);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScsiResponse r && residualFlags == r.residualFlags && response == r.response
                && status == r.status && itt == r.itt && statSn == r.statSn && expCmdSn == r.expCmdSn
                && maxCmdSn == r.maxCmdSn && residualCount == r.residualCount && Arrays.equals(sense, r.sense);
    }

    @Override
    public int hashCode() {
        return itt * 31 + statSn * 7 + status + Arrays.hashCode(sense);
    }

    @Override
    public String toString() {
        return String.format("SCSI response itt 0x%x status 0x%02x StatSN %d ExpCmdSN %d MaxCmdSN %d%s", itt, status,
                statSn, expCmdSn, maxCmdSn, sense.length == 0 ? "" : " sense " + java.util.HexFormat.of().formatHex(sense));
    }
}
