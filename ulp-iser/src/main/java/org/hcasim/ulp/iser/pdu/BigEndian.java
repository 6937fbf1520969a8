package org.hcasim.ulp.iser.pdu;

/** Network byte order (big-endian) field access: iSCSI, iSER and SCSI put every multi-byte field this way. */
public final class BigEndian {
    private BigEndian() {
    }

    public static int get16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | b[at + 1] & 0xFF;
    }

    public static int get24(byte[] b, int at) {
        return (b[at] & 0xFF) << 16 | (b[at + 1] & 0xFF) << 8 | b[at + 2] & 0xFF;
    }

    public static int get32(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | b[at + 3] & 0xFF;
    }

    public static long get48(byte[] b, int at) {
        return (long) get16(b, at) << 32 | get32(b, at + 2) & 0xFFFF_FFFFL;
    }

    public static long get64(byte[] b, int at) {
        return (long) get32(b, at) << 32 | get32(b, at + 4) & 0xFFFF_FFFFL;
    }

    public static void put16(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 8);
        b[at + 1] = (byte) v;
    }

    public static void put24(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 16);
        b[at + 1] = (byte) (v >>> 8);
        b[at + 2] = (byte) v;
    }

    public static void put32(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    public static void put48(byte[] b, int at, long v) {
        put16(b, at, (int) (v >>> 32));
        put32(b, at + 2, (int) v);
    }

    public static void put64(byte[] b, int at, long v) {
        put32(b, at, (int) (v >>> 32));
        put32(b, at + 4, (int) v);
    }
}
