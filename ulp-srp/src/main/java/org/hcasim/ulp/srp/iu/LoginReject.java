package org.hcasim.ulp.srp.iu;

import java.nio.ByteBuffer;

/**
 * SRP_LOGIN_REJ ({@code struct srp_login_rej}, 32 bytes), in the CM reject's private data: opcode 0xC2 (0), reason
 * (4-7), tag (8-15), supported buffer formats (24-25).
 */
public record LoginReject(int reason, long tag, int bufFmt) {
    public static final int BYTES = 32;
    public static final int UNABLE_ESTABLISH_CHANNEL = 0x00010000;
    public static final int INSUFFICIENT_RESOURCES = 0x00010001;
    public static final int REQ_IT_IU_LENGTH_TOO_LARGE = 0x00010002;
    public static final int UNABLE_ASSOCIATE_CHANNEL = 0x00010003;
    public static final int UNSUPPORTED_DESCRIPTOR_FORMAT = 0x00010004;

    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(BYTES);
        b.put((byte) SrpIu.LOGIN_REJ).put(new byte[3]).putInt(reason).putLong(tag).put(new byte[8]).putShort((short) bufFmt);
        return b.array();
    }

    public static LoginReject decode(byte[] bytes) {
        SrpIu.checkLength("SRP_LOGIN_REJ", bytes, 0, BYTES);
        SrpIu.checkOpcode("SRP_LOGIN_REJ", bytes, 0, SrpIu.LOGIN_REJ);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        return new LoginReject(b.getInt(4), b.getLong(8), b.getShort(24) & 0xFFFF);
    }

    /** The reason as a word, for messages. */
    public String reasonText() {
        return switch (reason) {
            case UNABLE_ESTABLISH_CHANNEL -> "unable to establish RDMA channel";
            case INSUFFICIENT_RESOURCES -> "insufficient resources";
            case REQ_IT_IU_LENGTH_TOO_LARGE -> "requested maximum initiator-to-target IU length too large";
            case UNABLE_ASSOCIATE_CHANNEL -> "unable to associate RDMA channel with I_T nexus";
            case UNSUPPORTED_DESCRIPTOR_FORMAT -> "requested descriptor format not supported";
            default -> String.format("reason 0x%08x", reason);
        };
    }
}
