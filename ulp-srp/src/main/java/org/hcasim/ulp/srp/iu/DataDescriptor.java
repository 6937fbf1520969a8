package org.hcasim.ulp.srp.iu;

import java.nio.ByteBuffer;

/**
 * An SRP direct data buffer descriptor ({@code struct srp_direct_buf}), 16 bytes: virtual address (8), memory
 * handle (the rkey, 4), length (4), big-endian.
 */
public record DataDescriptor(long address, int key, int length) {
    public static final int BYTES = 16;

    public DataDescriptor {
        if (length < 0) {
            throw new IllegalArgumentException("SRP descriptor length " + Integer.toUnsignedString(length) + " above 2^31-1");
        }
    }

    public void encode(ByteBuffer b) {
        b.putLong(address).putInt(key).putInt(length);
    }

    public static DataDescriptor decode(ByteBuffer b) {
        return new DataDescriptor(b.getLong(), b.getInt(), b.getInt());
    }
}
