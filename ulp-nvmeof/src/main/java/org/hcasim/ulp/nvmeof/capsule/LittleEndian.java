package org.hcasim.ulp.nvmeof.capsule;

/** Little-endian field access on byte arrays: NVMe and its fabrics binding are little-endian throughout. */
final class LittleEndian {
    private LittleEndian() {
    }

    static void put(byte[] b, int at, long value, int bytes) {
        for (int i = 0; i < bytes; i++) {
            b[at + i] = (byte) (value >>> (8 * i));
        }
    }

    static long get(byte[] b, int at, int bytes) {
        long v = 0;
        for (int i = 0; i < bytes; i++) {
            v |= (b[at + i] & 0xFFL) << (8 * i);
        }
        return v;
    }
}
