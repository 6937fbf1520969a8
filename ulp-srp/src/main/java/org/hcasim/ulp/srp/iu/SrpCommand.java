package org.hcasim.ulp.srp.iu;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * SRP_CMD ({@code struct srp_cmd}): 48 bytes fixed, then the additional CDB bytes (none here) and the data
 * descriptors. Fixed part: opcode 0x02 (0), solicited notification (1), buffer formats (5: data-out format in
 * the high nibble, data-in in the low one), data-out and data-in descriptor counts (6, 7), tag (8-15), LUN
 * (20-27), task attribute (29), additional CDB length (31), CDB (32-47). A SCSI command moves data one way, so
 * at most one direction has descriptors.
 *
 * @param tag      the initiator's tag, echoed in the SRP_RSP
 * @param lun      the 8-byte SCSI LUN ({@link #lun(int)})
 * @param cdb      the 16-byte CDB
 * @param dataOut  true when the descriptors describe data-out (the target reads it: a write), false data-in
 *                 (always false without data)
 * @param data     the descriptors, or {@link Data.None}
 */
public record SrpCommand(long tag, long lun, byte[] cdb, boolean dataOut, Data data) {
    public static final int FIXED_BYTES = 48;
    public static final int CDB_BYTES = 16;
    /** Task attribute SIMPLE (SRP_CMD_SIMPLE_Q). */
    public static final int TASK_SIMPLE = 0;

    /** The descriptors of a command: none, one direct, or an indirect table. */
    public sealed interface Data {
        int format();

        int count();

        int bytes();

        long length();

        record None() implements Data {
            public int format() { return SrpIu.NO_DATA_DESC; }
            public int count() { return 0; }
            public int bytes() { return 0; }
            public long length() { return 0; }
        }

        record Direct(DataDescriptor descriptor) implements Data {
            public int format() { return SrpIu.DATA_DESC_DIRECT; }
            public int count() { return 1; }
            public int bytes() { return DataDescriptor.BYTES; }
            public long length() { return descriptor.length(); }
        }

        record Indirect(IndirectTable table) implements Data {
            public int format() { return SrpIu.DATA_DESC_INDIRECT; }
            public int count() { return table.descriptors().size(); }
            public int bytes() { return table.bytes(); }
            public long length() { return Integer.toUnsignedLong(table.totalLength()); }
        }
    }

    public static final Data NO_DATA = new Data.None();

    public SrpCommand {
        if (cdb.length != CDB_BYTES) {
            throw new IllegalArgumentException("SRP_CMD carries a 16-byte CDB, not " + cdb.length);
        }
        cdb = cdb.clone();
        java.util.Objects.requireNonNull(data, "data");
        dataOut = dataOut && !(data instanceof Data.None); // without data there is no direction
    }

    @Override
    public byte[] cdb() {
        return cdb.clone();
    }

    /** Bytes of the IU: the fixed part and the descriptors. */
    public int bytes() {
        return FIXED_BYTES + data.bytes();
    }

    /** SAM single-level LUN for {@code lun} < 256 (peripheral device addressing): the number in byte 1. */
    public static long lun(int lun) {
        if (lun < 0 || lun > 255) {
            throw new IllegalArgumentException("LUN " + lun + " outside 0..255 (peripheral addressing)");
        }
        return (long) lun << 48;
    }

    /** The LUN number of an 8-byte SAM LUN written by {@link #lun(int)}. */
    public static int lunNumber(long lun) {
        return (int) (lun >>> 48) & 0xFF;
    }

    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(bytes());
        b.put((byte) SrpIu.CMD).put((byte) 0).put(new byte[3]);
        int fmt = data.format();
        b.put((byte) (dataOut ? fmt << 4 : fmt));
        b.put((byte) (dataOut ? data.count() : 0)).put((byte) (dataOut ? 0 : data.count()));
        b.putLong(tag).putInt(0).putLong(lun);
        b.put((byte) 0).put((byte) TASK_SIMPLE).put((byte) 0).put((byte) 0);
        b.put(cdb);
        switch (data) {
            case Data.None n -> { }
            case Data.Direct d -> d.descriptor().encode(b);
            case Data.Indirect i -> i.table().encode(b);
        }
        return b.array();
    }

    /** Decodes an SRP_CMD of {@code length} received bytes; malformed input is an IllegalArgumentException. */
    public static SrpCommand decode(byte[] bytes, int off, int length) {
        if (length < FIXED_BYTES) {
            throw new IllegalArgumentException("SRP_CMD: " + length + " bytes, the fixed part alone is " + FIXED_BYTES);
        }
        SrpIu.checkLength("SRP_CMD", bytes, off, length);
        SrpIu.checkOpcode("SRP_CMD", bytes, off, SrpIu.CMD);
        ByteBuffer b = ByteBuffer.wrap(bytes, off, length).slice();
        int fmt = b.get(5) & 0xFF;
        int outFmt = fmt >>> 4;
        int inFmt = fmt & 0xF;
        int outCount = b.get(6) & 0xFF;
        int inCount = b.get(7) & 0xFF;
        if (outFmt != SrpIu.NO_DATA_DESC && inFmt != SrpIu.NO_DATA_DESC) {
            throw new IllegalArgumentException("SRP_CMD: bidirectional commands are not supported (buffer formats 0x"
                    + Integer.toHexString(fmt) + ")");
        }
        if ((b.get(31) & 0xFF) != 0) {
            throw new IllegalArgumentException("SRP_CMD: additional CDB bytes are not supported (add_cdb_len "
                    + (b.get(31) & 0xFF) + ")");
        }
        long tag = b.getLong(8);
        long lun = b.getLong(20);
        byte[] cdb = Arrays.copyOfRange(bytes, off + 32, off + 48);
        boolean out = outFmt != SrpIu.NO_DATA_DESC;
        int format = out ? outFmt : inFmt;
        int count = out ? outCount : inCount;
        b.position(FIXED_BYTES);
        Data data = switch (format) {
            case SrpIu.NO_DATA_DESC -> NO_DATA;
            case SrpIu.DATA_DESC_DIRECT -> {
                need(b, DataDescriptor.BYTES);
                yield new Data.Direct(DataDescriptor.decode(b));
            }
            case SrpIu.DATA_DESC_INDIRECT -> {
                need(b, IndirectTable.HEADER_BYTES + DataDescriptor.BYTES * count);
                yield new Data.Indirect(IndirectTable.decode(b, count));
            }
            default -> throw new IllegalArgumentException("SRP_CMD: buffer format " + format + " is not direct or indirect");
        };
        return new SrpCommand(tag, lun, cdb, out, data);
    }

    private static void need(ByteBuffer b, int bytes) {
        if (b.remaining() < bytes) {
            throw new IllegalArgumentException("SRP_CMD: " + b.remaining() + " bytes of descriptors, needs " + bytes);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SrpCommand c && c.tag == tag && c.lun == lun && Arrays.equals(c.cdb, cdb)
                && c.dataOut == dataOut && c.data.equals(data);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(tag, lun, Arrays.hashCode(cdb), dataOut, data);
    }

    @Override
    public String toString() {
        return "SrpCommand[tag=" + tag + ", lun=" + lunNumber(lun) + ", cdb=" + java.util.HexFormat.of().formatHex(cdb)
                + ", " + (dataOut ? "out" : "in") + ", " + data + "]";
    }
}
