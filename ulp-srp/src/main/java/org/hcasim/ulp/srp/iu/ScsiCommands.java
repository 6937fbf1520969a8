package org.hcasim.ulp.srp.iu;

import java.nio.ByteBuffer;

/**
 * The SCSI commands the SRP roles exchange (SBC-3 / SPC-4), as 16-byte CDBs and their data, and fixed-format sense
 * data. Linux's sd uses READ(10)/WRITE(10) while the LBA and length fit, READ(16)/WRITE(16) beyond.
 */
public final class ScsiCommands {
    private ScsiCommands() {
    }

    public static final int READ_10 = 0x28;
    public static final int WRITE_10 = 0x2A;
    public static final int READ_16 = 0x88;
    public static final int WRITE_16 = 0x8A;
    public static final int REPORT_LUNS = 0xA0;
    public static final int SYNCHRONIZE_CACHE_10 = 0x35;
    /** SERVICE ACTION IN(16); service action READ CAPACITY(16) = 0x10. */
    public static final int SERVICE_ACTION_IN_16 = 0x9E;
    public static final int SA_READ_CAPACITY_16 = 0x10;
    public static final int READ_CAPACITY_16_BYTES = 32;

    /** Sense keys and additional sense codes used here. */
    public static final int KEY_ILLEGAL_REQUEST = 0x05;
    public static final int KEY_MEDIUM_ERROR = 0x03;
    public static final int KEY_ABORTED_COMMAND = 0x0B;
    public static final int ASC_INVALID_OPCODE = 0x20;
    public static final int ASC_LBA_OUT_OF_RANGE = 0x21;
    public static final int ASC_INVALID_FIELD_IN_CDB = 0x24;
    public static final int ASC_LU_NOT_SUPPORTED = 0x25;
    public static final int ASC_UNRECOVERED_READ_ERROR = 0x11;
    /** ABORTED COMMAND 0x10/01..03: logical block guard / application tag / reference tag check failed. */
    public static final int ASC_PI_CHECK = 0x10;

    /** A block read or write as a CDB: (10) when LBA and length fit, (16) otherwise. */
    public static byte[] readWrite(boolean write, long lba, int blocks) {
        byte[] cdb = new byte[SrpCommand.CDB_BYTES];
        ByteBuffer b = ByteBuffer.wrap(cdb);
        if (lba <= 0xFFFF_FFFFL && blocks <= 0xFFFF) {
            b.put(0, (byte) (write ? WRITE_10 : READ_10)).putInt(2, (int) lba).putShort(7, (short) blocks);
        } else {
            b.put(0, (byte) (write ? WRITE_16 : READ_16)).putLong(2, lba).putInt(10, blocks);
        }
        return cdb;
    }

    /** SYNCHRONIZE CACHE(10) of the whole medium (LBA 0, 0 blocks), what sd sends for a flush. */
    public static byte[] synchronizeCache() {
        byte[] cdb = new byte[SrpCommand.CDB_BYTES];
        cdb[0] = (byte) SYNCHRONIZE_CACHE_10;
        return cdb;
    }

    public static byte[] readCapacity16() {
        byte[] cdb = new byte[SrpCommand.CDB_BYTES];
        ByteBuffer.wrap(cdb).put(0, (byte) SERVICE_ACTION_IN_16).put(1, (byte) SA_READ_CAPACITY_16)
                .putInt(10, READ_CAPACITY_16_BYTES);
        return cdb;
    }

    public static byte[] reportLuns(int allocationLength) {
        byte[] cdb = new byte[SrpCommand.CDB_BYTES];
        ByteBuffer.wrap(cdb).put(0, (byte) REPORT_LUNS).putInt(6, allocationLength);
        return cdb;
    }

    /** A READ or WRITE CDB decoded: direction, first block and length. */
    public record BlockIo(boolean write, long lba, int blocks) {
    }

    /** The block I/O of a READ/WRITE(10/16) CDB, or null for another command. */
    public static BlockIo blockIo(byte[] cdb) {
        ByteBuffer b = ByteBuffer.wrap(cdb);
        return switch (cdb[0] & 0xFF) {
            case READ_10, WRITE_10 -> new BlockIo((cdb[0] & 0xFF) == WRITE_10, Integer.toUnsignedLong(b.getInt(2)),
                    b.getShort(7) & 0xFFFF);
            case READ_16, WRITE_16 -> new BlockIo((cdb[0] & 0xFF) == WRITE_16, b.getLong(2), b.getInt(10));
            default -> null;
        };
    }

    /** READ CAPACITY(16) data: the last LBA, the logical block length, PROT_EN clear (no PI over SRP). */
    public static byte[] capacityData(long blocks, int blockSize) {
        byte[] d = new byte[READ_CAPACITY_16_BYTES];
        ByteBuffer.wrap(d).putLong(0, blocks - 1).putInt(8, blockSize);
        return d;
    }

    /** Blocks and block size of READ CAPACITY(16) data. */
    public static long[] capacity(byte[] data) {
        ByteBuffer b = ByteBuffer.wrap(data);
        return new long[] {b.getLong(0) + 1, Integer.toUnsignedLong(b.getInt(8))};
    }

    /** REPORT LUNS data for LUNs 0..count-1. */
    public static byte[] lunList(int count) {
        ByteBuffer b = ByteBuffer.allocate(8 + 8 * count);
        b.putInt(8 * count).putInt(0);
        for (int i = 0; i < count; i++) {
            b.putLong(SrpCommand.lun(i));
        }
        return b.array();
    }

    /** The LUN count of REPORT LUNS data. */
    public static int lunCount(byte[] data) {
        return ByteBuffer.wrap(data).getInt(0) / 8;
    }

    /** Fixed-format sense data (18 bytes, response code 0x70). */
    public static byte[] sense(int key, int asc, int ascq) {
        byte[] s = new byte[18];
        s[0] = 0x70;
        s[2] = (byte) key;
        s[7] = 10;
        s[12] = (byte) asc;
        s[13] = (byte) ascq;
        return s;
    }

    public static int senseKey(byte[] sense) {
        return sense.length > 2 ? sense[2] & 0x0F : 0;
    }

    public static int asc(byte[] sense) {
        return sense.length > 12 ? sense[12] & 0xFF : 0;
    }

    public static int ascq(byte[] sense) {
        return sense.length > 13 ? sense[13] & 0xFF : 0;
    }
}
