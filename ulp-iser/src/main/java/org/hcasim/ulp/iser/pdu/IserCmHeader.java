package org.hcasim.ulp.iser.pdu;

/**
 * The private data of the iSER connect request and accept (RFC 7145 section 9.1.1; Linux {@code struct
 * iser_cm_hdr}): one flags byte and three reserved bytes. The initiator says whether it needs zero-based
 * virtual addressing or cannot take SEND_WITH_INV (Linux's ib_iser never uses ZBVA and takes remote
 * invalidation when it registers every I/O, its default); the target answers with what it will use.
 */
public record IserCmHeader(boolean zbvaNotSupported, boolean sendWithInvalidateNotSupported) {
    public static final int BYTES = 4;
    /** ISER_ZBVA_NOT_SUP. */
    public static final int ZBVA_NOT_SUPPORTED = 0x80;
    /** ISER_SEND_W_INV_NOT_SUP. */
    public static final int SEND_W_INV_NOT_SUPPORTED = 0x40;

    public byte[] encode() {
        return new byte[] {(byte) ((zbvaNotSupported ? ZBVA_NOT_SUPPORTED : 0)
                | (sendWithInvalidateNotSupported ? SEND_W_INV_NOT_SUPPORTED : 0)), 0, 0, 0};
    }

    /** Decodes private data; shorter than 4 bytes, or reserved bits set, is an IllegalArgumentException. */
    public static IserCmHeader decode(byte[] b) {
        if (b == null || b.length < BYTES) {
            throw new IllegalArgumentException("iSER connect private data of " + (b == null ? 0 : b.length)
                    + " bytes; the iSER CM header has " + BYTES);
        }
        int flags = b[0] & 0xFF;
        if ((flags & 0x3F) != 0) {
            throw new IllegalArgumentException(String.format("iSER CM header flags 0x%02x have reserved bits set", flags));
        }
        return new IserCmHeader((flags & ZBVA_NOT_SUPPORTED) != 0, (flags & SEND_W_INV_NOT_SUPPORTED) != 0);
    }
}
