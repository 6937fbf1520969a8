package org.hcasim.fio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * Writes and checks verifiable blocks the way fio does. Checksum types put a header at the start of
 * each block: {magic 0xacca, type, length, random seed, offset, time, thread, number of the I/O}
 * (48 bytes, little endian), a CRC32C of the header, the block's checksum, then seeded random data the
 * checksum covers. {@code pattern} fills the whole block with the pattern. Failures read like fio's.
 */
final class VerifyCodec {
    static final int MAGIC = 0xacca;
    static final int HEADER_BYTES = 48;
    static final int HEADER_CRC_BYTES = 4;

    private final VerifyType type;
    private final byte[] pattern;
    private final String file;

    VerifyCodec(VerifyType type, byte[] pattern, String file) {
        this.type = type;
        this.pattern = pattern;
        this.file = file;
    }

    /** fio's default verify_pattern when none is given for verify=pattern is not defined; hcasim uses 0x00. */
    static byte[] defaultPattern() {
        return new byte[] {0};
    }

    int minimumBlock() {
        return type == VerifyType.PATTERN ? 1 : HEADER_BYTES + HEADER_CRC_BYTES + type.checksumBytes;
    }

    void fill(byte[] buf, int len, long offset, long seed, int thread, int numberio, long timeNs) {
        if (type == VerifyType.PATTERN) {
            for (int i = 0; i < len; i++) buf[i] = pattern[i % pattern.length];
            return;
        }
        int dataStart = HEADER_BYTES + HEADER_CRC_BYTES + type.checksumBytes;
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = dataStart; i < len; i += 8) {
            long v = r.nextLong();
            for (int k = 0; k < 8 && i + k < len; k++) buf[i + k] = (byte) (v >>> (8 * k));
        }
        ByteBuffer h = ByteBuffer.wrap(buf, 0, HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        h.putShort((short) MAGIC).putShort((short) type.ordinal()).putInt(len).putLong(seed).putLong(offset)
                .putLong(timeNs / 1_000_000_000L).putLong(timeNs % 1_000_000_000L).putInt(thread).putShort((short) numberio)
                .putShort((short) 0);
        int hcrc = crc32c(buf, 0, HEADER_BYTES);
        ByteBuffer.wrap(buf, HEADER_BYTES, HEADER_CRC_BYTES).order(ByteOrder.LITTLE_ENDIAN).putInt(hcrc);
        byte[] sum = checksum(buf, dataStart, len - dataStart);
        System.arraycopy(sum, 0, buf, HEADER_BYTES + HEADER_CRC_BYTES, sum.length);
    }

    /** Checks a block read from {@code offset}; returns null when good, else fio's multi-line report. */
    String check(byte[] buf, int len, long offset) {
        String requested = String.format("(requested block: offset=%d, length=%d)", offset, len);
        if (type == VerifyType.PATTERN) {
            for (int i = 0; i < len; i++) {
                byte want = pattern[i % pattern.length];
                if (buf[i] != want) {
                    return String.format("fio: got pattern '%02x', wanted '%02x'. Bad bits %d%n"
                                    + "fio: bad pattern block offset %d%n"
                                    + "pattern: verify failed at file %s offset %d, length %d %s",
                            buf[i] & 0xFF, want & 0xFF, Integer.bitCount((buf[i] ^ want) & 0xFF), i, file, offset, len,
                            requested.replace(")", ", flags=0)"));
                }
            }
            return null;
        }
        ByteBuffer h = ByteBuffer.wrap(buf, 0, HEADER_BYTES + HEADER_CRC_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        int magic = h.getShort(0) & 0xFFFF;
        if (magic != MAGIC) {
            return String.format("verify: bad magic header %x, wanted %x at file %s offset %d, length %d %s",
                    magic, MAGIC, file, offset, len, requested);
        }
        int storedHcrc = h.getInt(HEADER_BYTES);
        int hcrc = crc32c(buf, 0, HEADER_BYTES);
        if (storedHcrc != hcrc) {
            return String.format("verify: bad header crc %x, calculated %x at file %s offset %d, length %d %s",
                    storedHcrc, hcrc, file, offset, len, requested);
        }
        int hlen = h.getInt(4);
        long hoff = h.getLong(16);
        if (hlen != len) {
            return String.format("verify: bad header length %d, wanted %d at file %s offset %d, length %d %s",
                    hlen, len, file, offset, len, requested);
        }
        if (hoff != offset) {
            return String.format("verify: bad header offset %d, wanted %d at file %s offset %d, length %d %s",
                    hoff, offset, file, offset, len, requested);
        }
        int dataStart = HEADER_BYTES + HEADER_CRC_BYTES + type.checksumBytes;
        byte[] expected = new byte[type.checksumBytes];
        System.arraycopy(buf, HEADER_BYTES + HEADER_CRC_BYTES, expected, 0, expected.length);
        byte[] received = checksum(buf, dataStart, len - dataStart);
        if (!java.util.Arrays.equals(expected, received)) {
            HexFormat hex = HexFormat.of();
            return String.format("%s: verify failed at file %s offset %d, length %d %s%n"
                            + "       Expected CRC: %s%n       Received CRC: %s",
                    type.fioName, file, offset, len, requested.replace(")", ", flags=0)"),
                    hex.formatHex(expected), hex.formatHex(received));
        }
        return null;
    }

    private byte[] checksum(byte[] buf, int off, int len) {
        return switch (type) {
            case CRC32C -> intBytes(crc32c(buf, off, len));
            case CRC32 -> {
                CRC32 c = new CRC32();
                c.update(buf, off, len);
                yield intBytes((int) c.getValue());
            }
            case MD5 -> digest("MD5", buf, off, len);
            case SHA1 -> digest("SHA-1", buf, off, len);
            case SHA256 -> digest("SHA-256", buf, off, len);
            case NONE, PATTERN -> new byte[0];
        };
    }

    private static int crc32c(byte[] buf, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(buf, off, len);
        return (int) c.getValue();
    }

    private static byte[] intBytes(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    private static byte[] digest(String algorithm, byte[] buf, int off, int len) {
        try {
            MessageDigest md = MessageDigest.getInstance(algorithm);
            md.update(buf, off, len);
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(algorithm + " missing from the JDK", e);
        }
    }
}
