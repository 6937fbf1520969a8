package org.hcasim.block;

/**
 * T10-DIF protection information: the CRC-16/T10-DIF guard (poly 0x8BB7, init 0, not reflected, no
 * final xor), the alternative IP-checksum guard that Linux's block layer keeps in memory for hosts that
 * offer it (T10-DIF-TYPE1-IP: the HBA converts it to the CRC on the wire), and the 8-byte big-endian tuple
 * {guard(2), application tag(2), reference tag(4)}. Shared by backstores, the workload (host-side PI
 * generation and checking), the HCA's signature engine and any ULP that needs it.
 */
public final class T10Dif {

    /**
     * Slicing-by-16 tables: {@code TABLES[k * 256 + b]} is the CRC of byte {@code b} followed by {@code k} zero
     * bytes. Sixteen bytes then cost sixteen independent lookups instead of sixteen dependent steps (the CRC
     * is linear, so their contributions XOR); the 16 KiB of tables stay in L1.
     */
    private static final int[] TABLES = new int[16 * 256];

    static {
        for (int b = 0; b < 256; b++) {
            int crc = b << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x8BB7 : crc << 1;
            }
            TABLES[b] = crc & 0xFFFF;
        }
        for (int k = 1; k < 16; k++) {
            for (int b = 0; b < 256; b++) {
                int prev = TABLES[(k - 1) * 256 + b];
                TABLES[k * 256 + b] = ((prev << 8) ^ TABLES[prev >>> 8]) & 0xFFFF;
            }
        }
    }

    private T10Dif() {
    }

    /** CRC-16/T10-DIF of {@code length} bytes; "123456789" gives 0xD0DB. */
    public static int crc16(byte[] data, int offset, int length) {
        int[] t = TABLES;
        int crc = 0;
        int i = offset;
        int end = offset + length;
        for (int blocksEnd = offset + (length & ~15); i < blocksEnd; i += 16) {
            // The 16-bit state folds into the first two bytes; the other fourteen enter as they are.
            crc = t[15 * 256 + (((crc >>> 8) ^ data[i]) & 0xFF)]
                    ^ t[14 * 256 + ((crc ^ data[i + 1]) & 0xFF)]
                    ^ t[13 * 256 + (data[i + 2] & 0xFF)]
                    ^ t[12 * 256 + (data[i + 3] & 0xFF)]
                    ^ t[11 * 256 + (data[i + 4] & 0xFF)]
                    ^ t[10 * 256 + (data[i + 5] & 0xFF)]
                    ^ t[9 * 256 + (data[i + 6] & 0xFF)]
                    ^ t[8 * 256 + (data[i + 7] & 0xFF)]
                    ^ t[7 * 256 + (data[i + 8] & 0xFF)]
                    ^ t[6 * 256 + (data[i + 9] & 0xFF)]
                    ^ t[5 * 256 + (data[i + 10] & 0xFF)]
                    ^ t[4 * 256 + (data[i + 11] & 0xFF)]
                    ^ t[3 * 256 + (data[i + 12] & 0xFF)]
                    ^ t[2 * 256 + (data[i + 13] & 0xFF)]
                    ^ t[256 + (data[i + 14] & 0xFF)]
                    ^ t[data[i + 15] & 0xFF];
        }
        for (; i < end; i++) {
            crc = ((crc << 8) ^ t[((crc >>> 8) ^ data[i]) & 0xFF]) & 0xFFFF;
        }
        return crc;
    }

    /**
     * The IP checksum guard (Linux {@code ip_compute_csum}, the T10-DIF "alternative guard"): the ones'
     * complement of the ones' complement sum of the big-endian 16-bit words; an odd last byte is padded with 0.
     */
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

    /** Reference tag of block {@code lba} for the given type (type 3: not defined, 0 when generated). */
    public static int refTag(PiType type, long lba) {
        return type.refTagIsLba() ? (int) lba : 0;
    }

    /** Writes the tuple for one block of {@code blockSize} bytes at {@code dataOffset} into {@code pi} at {@code piOffset}. */
    public static void generate(byte[] data, int dataOffset, int blockSize, PiType type, long lba, int appTag,
                                byte[] pi, int piOffset) {
        put16(pi, piOffset, crc16(data, dataOffset, blockSize));
        put16(pi, piOffset + 2, appTag);
        put32(pi, piOffset + 4, refTag(type, lba));
    }

    /**
     * Checks one block's tuple as a controller with the given check flags would, honouring the escapes
     * (type 1/2: app tag 0xFFFF; type 3: app tag 0xFFFF and ref tag 0xFFFFFFFF).
     */
    public static BlockCompletion check(byte[] data, int dataOffset, int blockSize, PiType type, long lba,
                                        PiControl control, byte[] pi, int piOffset) {
        int guard = get16(pi, piOffset);
        int app = get16(pi, piOffset + 2);
        int ref = get32(pi, piOffset + 4);
        if (app == 0xFFFF && (type != PiType.TYPE3 || ref == 0xFFFFFFFF)) {
            return BlockCompletion.SUCCESS;
        }
        if (control.checkGuard()) {
            int expected = crc16(data, dataOffset, blockSize);
            if (expected != guard) {
                return BlockCompletion.error(BlockStatus.GUARD_CHECK_ERROR,
                        String.format("guard check failed at lba %d: expected 0x%04x, got 0x%04x", lba, expected, guard));
            }
        }
        if (control.checkAppTag() && ((app ^ control.appTag()) & control.appTagMask()) != 0) {
            return BlockCompletion.error(BlockStatus.APP_TAG_CHECK_ERROR,
                    String.format("application tag check failed at lba %d: expected 0x%04x, got 0x%04x (mask 0x%04x)",
                            lba, control.appTag(), app, control.appTagMask()));
        }
        if (control.checkRefTag() && type.refTagIsLba() && ref != (int) lba) {
            return BlockCompletion.error(BlockStatus.REF_TAG_CHECK_ERROR,
                    String.format("reference tag check failed at lba %d: expected 0x%08x, got 0x%08x", lba, (int) lba, ref));
        }
        return BlockCompletion.SUCCESS;
    }

    public static int get16(byte[] b, int o) {
        return ((b[o] & 0xFF) << 8) | (b[o + 1] & 0xFF);
    }

    public static int get32(byte[] b, int o) {
        return ((b[o] & 0xFF) << 24) | ((b[o + 1] & 0xFF) << 16) | ((b[o + 2] & 0xFF) << 8) | (b[o + 3] & 0xFF);
    }

    public static void put16(byte[] b, int o, int v) {
        b[o] = (byte) (v >>> 8);
        b[o + 1] = (byte) v;
    }

    public static void put32(byte[] b, int o, int v) {
        b[o] = (byte) (v >>> 24);
        b[o + 1] = (byte) (v >>> 16);
        b[o + 2] = (byte) (v >>> 8);
        b[o + 3] = (byte) v;
    }
}
