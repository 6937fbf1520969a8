package org.hcasim.ulp.nvmeof.capsule;

/**
 * The 16-byte SGL data descriptor in a command's DPTR (NVMe base spec, SGL Descriptor). Two kinds are used
 * over RDMA: a <em>keyed data block</em> (type 4) naming host memory by address, 3-byte length and 4-byte
 * remote key, whose subtype 0xF asks the target to invalidate the key remotely; and a <em>data block</em>
 * (type 0) with subtype 1 "offset" that points at in-capsule data after the 64-byte command.
 *
 * @param type    descriptor type (high nibble of byte 15)
 * @param subtype descriptor subtype (low nibble of byte 15)
 * @param address host address (keyed) or offset into the capsule (in-capsule data)
 * @param length  bytes of data
 * @param key     remote key (keyed only, else 0)
 */
public record SglDescriptor(int type, int subtype, long address, long length, int key) {

    public static final int BYTES = 16;
    /** Descriptor type: data block. */
    public static final int TYPE_DATA_BLOCK = 0x0;
    /** Descriptor type: keyed data block (fabrics). */
    public static final int TYPE_KEYED_DATA_BLOCK = 0x4;
    /** Subtype: address (a plain host address or key-relative address). */
    public static final int SUBTYPE_ADDRESS = 0x0;
    /** Subtype: offset (in-capsule data, relative to the end of the 64-byte command). */
    public static final int SUBTYPE_OFFSET = 0x1;
    /** Subtype of keyed descriptors: the target should invalidate the key (send with invalidate). */
    public static final int SUBTYPE_INVALIDATE = 0xF;
    /** Keyed lengths have 3 bytes. */
    public static final long MAX_KEYED_LENGTH = (1L << 24) - 1;

    public SglDescriptor {
        if (type < 0 || type > 0xF || subtype < 0 || subtype > 0xF) {
            throw new IllegalArgumentException("SGL type/subtype must be 4-bit values: " + type + "/" + subtype);
        }
        long max = type == TYPE_KEYED_DATA_BLOCK ? MAX_KEYED_LENGTH : 0xFFFF_FFFFL;
        if (length < 0 || length > max) {
            throw new IllegalArgumentException("SGL length " + length + " does not fit the descriptor (max " + max + ")");
        }
    }

    /** A keyed descriptor, 0x4F when {@code invalidate}, 0x40 otherwise. */
    public static SglDescriptor keyed(long address, long length, int key, boolean invalidate) {
        return new SglDescriptor(TYPE_KEYED_DATA_BLOCK, invalidate ? SUBTYPE_INVALIDATE : SUBTYPE_ADDRESS, address,
                length, key);
    }

    /** In-capsule data of {@code length} bytes right after the command (offset 0). */
    public static SglDescriptor inCapsule(long length) {
        return new SglDescriptor(TYPE_DATA_BLOCK, SUBTYPE_OFFSET, 0, length, 0);
    }

    /** A descriptor meaning "no data" (keyed, length 0), as hosts send for commands without data. */
    public static SglDescriptor none() {
        return new SglDescriptor(TYPE_KEYED_DATA_BLOCK, SUBTYPE_ADDRESS, 0, 0, 0);
    }

    /** Byte 15: type in the high nibble, subtype in the low nibble. */
    public int typeByte() {
        return type << 4 | subtype;
    }

    public boolean isKeyed() {
        return type == TYPE_KEYED_DATA_BLOCK;
    }

    public boolean isInCapsule() {
        return type == TYPE_DATA_BLOCK && subtype == SUBTYPE_OFFSET;
    }

    public boolean asksInvalidate() {
        return isKeyed() && subtype == SUBTYPE_INVALIDATE;
    }

    /** Writes the 16 bytes at {@code at}. */
    public void encode(byte[] b, int at) {
        java.util.Arrays.fill(b, at, at + BYTES, (byte) 0);
        LittleEndian.put(b, at, address, 8);
        if (isKeyed()) {
            LittleEndian.put(b, at + 8, length, 3);
            LittleEndian.put(b, at + 11, key & 0xFFFF_FFFFL, 4);
        } else {
            LittleEndian.put(b, at + 8, length, 4);
        }
        b[at + 15] = (byte) typeByte();
    }

    public static SglDescriptor decode(byte[] b, int at) {
        int typeByte = b[at + 15] & 0xFF;
        int type = typeByte >>> 4;
        long address = LittleEndian.get(b, at, 8);
        if (type == TYPE_KEYED_DATA_BLOCK) {
            return new SglDescriptor(type, typeByte & 0xF, address, LittleEndian.get(b, at + 8, 3),
                    (int) LittleEndian.get(b, at + 11, 4));
        }
        return new SglDescriptor(type, typeByte & 0xF, address, LittleEndian.get(b, at + 8, 4), 0);
    }
}
