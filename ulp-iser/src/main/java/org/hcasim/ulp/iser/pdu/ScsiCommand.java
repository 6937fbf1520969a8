package org.hcasim.ulp.iser.pdu;

import java.util.Arrays;

/**
 * SCSI Command (opcode 0x01; RFC 7143 section 11.3). Byte 1: F 0x80, R (read) 0x40, W (write) 0x20, task
 * attribute bits 2-0 (1 = simple); bytes 8-15 LUN, 16-19 ITT, 20-23 Expected Data Transfer Length (data plus PI
 * when PI travels with it), 24-27 CmdSN, 28-31 ExpStatSN, 32-47 the CDB. The data segment length counts the
 * immediate data that follows the BHS in the same SEND; {@link #encode()} gives the BHS alone.
 */
public record ScsiCommand(boolean immediate, boolean fin, boolean read, boolean write, int attributes, long lun, int itt,
                          int expectedDataTransferLength, int cmdSn, int expStatSn, byte[] cdb, int immediateDataLength)
        implements Pdu {

    public static final int CDB_BYTES = 16;
    /** Task attribute SIMPLE (libiscsi's ISCSI_ATTR_SIMPLE). */
    public static final int SIMPLE = 1;

    public ScsiCommand {
        if (cdb.length != CDB_BYTES) {
            throw new IllegalArgumentException("a CDB in the BHS has 16 bytes, not " + cdb.length);
        }
        if ((attributes & ~7) != 0 || immediateDataLength < 0 || immediateDataLength > 0xFF_FFFF) {
            throw new IllegalArgumentException("SCSI command: task attribute 0..7, immediate data 0..2^24-1");
        }
        cdb = cdb.clone();
    }

    @Override
    public byte[] cdb() {
        return cdb.clone();
    }

    @Override
    public int opcode() {
        return OP_SCSI_COMMAND;
    }

    @Override
    public byte[] encode() {
        byte[] b = Pdu.header(OP_SCSI_COMMAND, immediate, immediateDataLength);
        b[1] = (byte) ((fin ? 0x80 : 0) | (read ? 0x40 : 0) | (write ? 0x20 : 0) | attributes);
        BigEndian.put64(b, 8, lun);
        BigEndian.put32(b, 16, itt);
        BigEndian.put32(b, 20, expectedDataTransferLength);
        BigEndian.put32(b, 24, cmdSn);
        BigEndian.put32(b, 28, expStatSn);
        System.arraycopy(cdb, 0, b, 32, CDB_BYTES);
        return b;
    }

    static ScsiCommand decode(byte[] b, int at) {
        int f = b[at + 1] & 0xFF;
        return new ScsiCommand((b[at] & IMMEDIATE) != 0, (f & 0x80) != 0, (f & 0x40) != 0, (f & 0x20) != 0, f & 7,
                BigEndian.get64(b, at + 8), BigEndian.get32(b, at + 16), BigEndian.get32(b, at + 20),
                BigEndian.get32(b, at + 24), BigEndian.get32(b, at + 28), Arrays.copyOfRange(b, at + 32, at + 48),
                Pdu.dataSegmentLength(b, at));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ScsiCommand c && immediate == c.immediate && fin == c.fin && read == c.read
                && write == c.write && attributes == c.attributes && lun == c.lun && itt == c.itt
                && expectedDataTransferLength == c.expectedDataTransferLength && cmdSn == c.cmdSn
                && expStatSn == c.expStatSn && Arrays.equals(cdb, c.cdb) && immediateDataLength == c.immediateDataLength;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(lun) * 31 + itt * 17 + cmdSn + Arrays.hashCode(cdb);
    }

    @Override
    public String toString() {
        return String.format("SCSI command itt 0x%x CmdSN %d %s%s EDTL %d CDB %s, %d immediate bytes", itt, cmdSn,
                read ? "R" : "", write ? "W" : "", expectedDataTransferLength, java.util.HexFormat.of().formatHex(cdb),
                immediateDataLength);
    }
}
