package org.hcasim.verbs;

/**
 * CRC-16/T10-DIF (poly 0x8BB7, init 0, not reflected, no final xor), the guard of a T10-DIF tuple.
 * Table driven; shared by the HCA signature engine and software PI (block-layer write_generate).
 */
public final class T10DifCrc {
    private static final int POLY = 0x8BB7;
    private static final int[] TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int crc = i << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ POLY : crc << 1;
            }
            TABLE[i] = crc & 0xFFFF;
        }
    }

    private T10DifCrc() {
    }

    /** CRC of {@code length} bytes starting at {@code offset}, continuing from {@code seed}. */
    public static int update(int seed, byte[] data, int offset, int length) {
        int crc = seed & 0xFFFF;
        for (int i = offset; i < offset + length; i++) {
            crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ data[i]) & 0xFF]) & 0xFFFF;
        }
        return crc;
    }

    public static int crc(byte[] data) {
        return update(0, data, 0, data.length);
    }

    /** The IP checksum (ones' complement of the ones' complement sum of 16-bit big-endian words). */
    public static int ipChecksum(byte[] data, int offset, int length) {
        long sum = 0;
        for (int i = 0; i < length; i += 2) {
            int hi = data[offset + i] & 0xFF;
            int lo = i + 1 < length ? data[offset + i + 1] & 0xFF : 0;
            sum += (hi << 8) | lo;
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int) (~sum & 0xFFFF);
    }
}
