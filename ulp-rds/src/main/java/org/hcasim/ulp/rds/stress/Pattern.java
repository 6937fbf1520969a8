package org.hcasim.ulp.rds.stress;

/** The bytes -v puts in a message: its sequence number (8 bytes, big-endian) and then a counting pattern. */
final class Pattern {
    private Pattern() {
    }

    static byte[] fill(int length, long sequence) {
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = i < 8 ? (byte) (sequence >>> (56 - 8 * i)) : (byte) (sequence * 7 + i);
        }
        return b;
    }

    /** Whether {@code data} is exactly the pattern of {@code sequence} (null: the run stores no payload). */
    static boolean matches(byte[] data, long sequence) {
        return data != null && java.util.Arrays.equals(data, fill(data.length, sequence));
    }
}
