package org.hcasim.core.verbs.mkey;

/**
 * Reusable buffers for payload in flight: the bytes a requester gathers travel in the packet until the
 * responder places them (or the packet is lost), the bytes a READ responder reads travel back until the
 * requester places them. Without reuse every simulated I/O allocated (and zeroed) its payload once more.
 *
 * <p>A buffer holds at least the requested length (its capacity is the next power of two); the packet's
 * length says how many bytes count, and whoever fills a buffer writes every one of them. A buffer is given back
 * once, by the component that consumed it last (the fabric's wire, after delivery or loss), never while a
 * packet that carries it may still be read. One pool per simulation, as buffers cross devices.
 */
public final class PayloadBuffers {
    /** Buffers kept per size class: enough for the payload in flight of deep queues; the rest is garbage. */
    private static final int KEEP_PER_CLASS = 512;
    private static final byte[] EMPTY = new byte[0];

    private final byte[][][] free = new byte[31][][];
    private final int[] count = new int[31];

    /** A buffer of at least {@code length} bytes, with arbitrary contents. */
    public byte[] take(int length) {
        if (length == 0) {
            return EMPTY;
        }
        int c = sizeClass(length);
        if (c >= free.length) {
            return new byte[length]; // beyond the largest class (larger than any message): not kept
        }
        if (count[c] > 0) {
            byte[] b = free[c][--count[c]];
            free[c][count[c]] = null;
            return b;
        }
        return new byte[1 << c];
    }

    /** Gives back a buffer that nothing reads any more (null and foreign sizes are ignored). */
    public void give(byte[] buffer) {
        if (buffer == null || buffer.length == 0 || Integer.bitCount(buffer.length) != 1) {
            return;
        }
        int c = Integer.numberOfTrailingZeros(buffer.length);
        if (free[c] == null) {
            free[c] = new byte[16][];
        }
        if (count[c] == free[c].length) {
            if (count[c] == KEEP_PER_CLASS) {
                return;
            }
            free[c] = java.util.Arrays.copyOf(free[c], Math.min(KEEP_PER_CLASS, 2 * count[c]));
        }
        free[c][count[c]++] = buffer;
    }

    private static int sizeClass(int length) {
        return 32 - Integer.numberOfLeadingZeros(length - 1);
    }
}
