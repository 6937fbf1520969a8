package org.hcasim.ulp.iser.pdu;

/**
 * The 28-byte iSER header in front of every iSCSI control-type PDU (RFC 7145 section 9.2; Linux
 * {@code struct iser_ctrl}): flags, then the initiator's write STag and base offset (where the target RDMA-READs
 * write data from) and its read STag and base offset (where the target RDMA-WRITEs read data to), big-endian.
 * The STag fields are reserved (zero) unless their valid flag is set.
 *
 * @param flags    {@link #CONTROL} in the high nibble (the only opcode besides the Hello messages, which Linux
 *                 never sends), {@link #WRITE_STAG_VALID}, {@link #READ_STAG_VALID}
 */
public record IserHeader(int flags, int writeStag, long writeVa, int readStag, long readVa) {
    public static final int BYTES = 28;
    /** Opcode 0x1: iSCSI control-type PDU (ISCSI_CTRL). */
    public static final int CONTROL = 0x10;
    /** W: the write STag and base offset are valid (ISER_WSV). */
    public static final int WRITE_STAG_VALID = 0x08;
    /** R: the read STag and base offset are valid (ISER_RSV). */
    public static final int READ_STAG_VALID = 0x04;

    public IserHeader {
        if ((flags & 0xF0) != CONTROL || (flags & ~0xFC) != 0) {
            throw new IllegalArgumentException(String.format("iSER header flags 0x%02x: only an iSCSI control-type PDU"
                    + " (0x10) with the W (0x08) and R (0x04) bits is supported", flags));
        }
        if ((flags & WRITE_STAG_VALID) == 0 && (writeStag != 0 || writeVa != 0)
                || (flags & READ_STAG_VALID) == 0 && (readStag != 0 || readVa != 0)) {
            throw new IllegalArgumentException("iSER header: an STag without its valid flag must be zero");
        }
    }

    /** A header for a PDU that names no initiator memory (login, text, logout, and every target PDU). */
    public static IserHeader control() {
        return new IserHeader(CONTROL, 0, 0, 0, 0);
    }

    /** A SCSI command's header naming where the target may read write data and write read data. */
    public static IserHeader forCommand(boolean write, int writeStag, long writeVa, boolean read, int readStag, long readVa) {
        return new IserHeader(CONTROL | (write ? WRITE_STAG_VALID : 0) | (read ? READ_STAG_VALID : 0),
                write ? writeStag : 0, write ? writeVa : 0, read ? readStag : 0, read ? readVa : 0);
    }

    public boolean writeValid() {
        return (flags & WRITE_STAG_VALID) != 0;
    }

    public boolean readValid() {
        return (flags & READ_STAG_VALID) != 0;
    }

    public void encode(byte[] b, int at) {
        b[at] = (byte) flags;
        b[at + 1] = 0;
        b[at + 2] = 0;
        b[at + 3] = 0;
        BigEndian.put32(b, at + 4, writeStag);
        BigEndian.put64(b, at + 8, writeVa);
        BigEndian.put32(b, at + 16, readStag);
        BigEndian.put64(b, at + 20, readVa);
    }

    public byte[] bytes() {
        byte[] b = new byte[BYTES];
        encode(b, 0);
        return b;
    }

    /** Decodes the header at {@code at}; a header that is not an iSCSI control-type PDU's is an IllegalArgumentException. */
    public static IserHeader decode(byte[] b, int at) {
        return new IserHeader(b[at] & 0xFF, BigEndian.get32(b, at + 4), BigEndian.get64(b, at + 8),
                BigEndian.get32(b, at + 16), BigEndian.get64(b, at + 20));
    }
}
