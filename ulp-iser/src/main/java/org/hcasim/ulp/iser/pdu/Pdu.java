package org.hcasim.ulp.iser.pdu;

/**
 * An iSCSI PDU (RFC 7143 section 11): the 48-byte basic header segment (BHS) and its data segment. Byte 0 holds
 * the immediate-delivery bit (0x40) and the 6-bit opcode, byte 4 the total AHS length (always 0 here: no AHS is
 * used), bytes 5-7 the data segment length, bytes 16-19 the initiator task tag. Over iSER a PDU travels in one
 * SEND after the {@link IserHeader}, its data segment unpadded; the RDMA operations replace Data-In, Data-Out and
 * R2T PDUs, so only these control-type PDUs exist.
 */
public sealed interface Pdu permits LoginRequest, LoginResponse, TextRequest, TextResponse, ScsiCommand,
        ScsiResponse, LogoutRequest, LogoutResponse, NopOut, NopIn {

    int BHS_BYTES = 48;
    /** The immediate-delivery bit of byte 0. */
    int IMMEDIATE = 0x40;
    /** The final bit of byte 1 (Login: transit). */
    int FINAL = 0x80;

    int OP_NOP_OUT = 0x00;
    int OP_SCSI_COMMAND = 0x01;
    int OP_LOGIN_REQUEST = 0x03;
    int OP_TEXT_REQUEST = 0x04;
    int OP_LOGOUT_REQUEST = 0x06;
    int OP_NOP_IN = 0x20;
    int OP_SCSI_RESPONSE = 0x21;
    int OP_LOGIN_RESPONSE = 0x23;
    int OP_TEXT_RESPONSE = 0x24;
    int OP_LOGOUT_RESPONSE = 0x26;

    /** The opcode (6 bits). */
    int opcode();

    /** The initiator task tag. */
    int itt();

    /** The BHS followed by the data segment (for a SCSI command only the BHS: its immediate data is a separate SGE). */
    byte[] encode();

    /** The opcode of the PDU at {@code at}. */
    static int opcodeOf(byte[] b, int at) {
        return b[at] & 0x3F;
    }

    /** The data segment length field of the PDU at {@code at}. */
    static int dataSegmentLength(byte[] b, int at) {
        return BigEndian.get24(b, at + 5);
    }

    /**
     * Decodes the PDU at {@code at} of which {@code length} bytes arrived. A short PDU, an AHS, an opcode this
     * model does not carry or a malformed field is an IllegalArgumentException saying which.
     */
    static Pdu decode(byte[] b, int at, int length) {
        if (length < BHS_BYTES) {
            throw new IllegalArgumentException("a " + length + "-byte iSCSI PDU is shorter than its 48-byte header");
        }
        if (b[at + 4] != 0) {
            throw new IllegalArgumentException("iSCSI PDU with " + 4 * (b[at + 4] & 0xFF) + " bytes of AHS: not supported");
        }
        int dsl = dataSegmentLength(b, at);
        int op = opcodeOf(b, at);
        if (op != OP_SCSI_COMMAND && length < BHS_BYTES + dsl) {
            throw new IllegalArgumentException("iSCSI PDU (opcode 0x" + Integer.toHexString(op) + ") announces "
                    + dsl + " data bytes, " + (length - BHS_BYTES) + " arrived");
        }
        return switch (op) {
            case OP_NOP_OUT -> NopOut.decode(b, at);
            case OP_NOP_IN -> NopIn.decode(b, at);
            case OP_SCSI_COMMAND -> ScsiCommand.decode(b, at);
            case OP_LOGIN_REQUEST -> LoginRequest.decode(b, at);
            case OP_TEXT_REQUEST -> TextRequest.decode(b, at);
            case OP_LOGOUT_REQUEST -> LogoutRequest.decode(b, at);
            case OP_SCSI_RESPONSE -> ScsiResponse.decode(b, at);
            case OP_LOGIN_RESPONSE -> LoginResponse.decode(b, at);
            case OP_TEXT_RESPONSE -> TextResponse.decode(b, at);
            case OP_LOGOUT_RESPONSE -> LogoutResponse.decode(b, at);
            default -> throw new IllegalArgumentException("iSCSI opcode 0x" + Integer.toHexString(op) + " is not carried over iSER here");
        };
    }

    /** A BHS of {@code opcode} (with the immediate bit when asked) and its data segment length, the rest zero. */
    static byte[] header(int opcode, boolean immediate, int dataLength) {
        if (dataLength < 0 || dataLength > 0xFF_FFFF) {
            throw new IllegalArgumentException("data segment length " + dataLength + " does not fit 24 bits");
        }
        byte[] b = new byte[BHS_BYTES + (opcode == OP_SCSI_COMMAND ? 0 : dataLength)];
        b[0] = (byte) (opcode | (immediate ? IMMEDIATE : 0));
        BigEndian.put24(b, 5, dataLength);
        return b;
    }
}
