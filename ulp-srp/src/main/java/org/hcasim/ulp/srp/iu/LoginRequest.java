package org.hcasim.ulp.srp.iu;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * SRP_LOGIN_REQ as ib_srp sends it in the RDMA CM's connection request private data ({@code struct
 * srp_login_req_rdma}, 56 bytes: the RDMA CM leaves 56 bytes of the IB CM REQ's 92): tag (0-7), requested buffer
 * formats (8-9), request flags (10: the multi-channel action in bits 0-1), opcode 0x00 (11), requested maximum
 * initiator-to-target IU length (12-15), initiator port id (16-31), target port id (32-47), immediate-data
 * offset (48-49, 0 = none), reserved (50-55). The order differs from the 64-byte IB CM form so that it fits.
 */
public record LoginRequest(long tag, int reqBufFmt, int reqFlags, int reqItIuLen, byte[] initiatorPortId,
                           byte[] targetPortId) {
    public static final int BYTES = 56;
    public static final int PORT_ID_BYTES = 16;

    public LoginRequest {
        if (initiatorPortId.length != PORT_ID_BYTES || targetPortId.length != PORT_ID_BYTES) {
            throw new IllegalArgumentException("SRP port identifiers are 16 bytes");
        }
        if (reqBufFmt < 0 || reqBufFmt > 0xFFFF || reqFlags < 0 || reqFlags > 0xFF) {
            throw new IllegalArgumentException("SRP_LOGIN_REQ: buffer formats 0x" + Integer.toHexString(reqBufFmt)
                    + " or flags 0x" + Integer.toHexString(reqFlags) + " out of range");
        }
        initiatorPortId = initiatorPortId.clone();
        targetPortId = targetPortId.clone();
    }

    @Override
    public byte[] initiatorPortId() {
        return initiatorPortId.clone();
    }

    @Override
    public byte[] targetPortId() {
        return targetPortId.clone();
    }

    /** The multi-channel action: {@link SrpIu#MULTICHAN_SINGLE} or {@link SrpIu#MULTICHAN_MULTI}. */
    public int multiChannelAction() {
        return reqFlags & 0x3;
    }

    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(BYTES);
        b.putLong(tag).putShort((short) reqBufFmt).put((byte) reqFlags).put((byte) SrpIu.LOGIN_REQ).putInt(reqItIuLen);
        b.put(initiatorPortId).put(targetPortId).putShort((short) 0);
        return b.array();
    }

    public static LoginRequest decode(byte[] bytes) {
        SrpIu.checkLength("SRP_LOGIN_REQ", bytes, 0, BYTES);
        if ((bytes[11] & 0xFF) != SrpIu.LOGIN_REQ) {
            throw new IllegalArgumentException(String.format("SRP_LOGIN_REQ: opcode 0x%02x at byte 11", bytes[11] & 0xFF));
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        return new LoginRequest(b.getLong(0), b.getShort(8) & 0xFFFF, b.get(10) & 0xFF, b.getInt(12),
                Arrays.copyOfRange(bytes, 16, 32), Arrays.copyOfRange(bytes, 32, 48));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LoginRequest r && r.tag == tag && r.reqBufFmt == reqBufFmt && r.reqFlags == reqFlags
                && r.reqItIuLen == reqItIuLen && Arrays.equals(r.initiatorPortId, initiatorPortId)
                && Arrays.equals(r.targetPortId, targetPortId);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(tag, reqBufFmt, reqFlags, reqItIuLen, Arrays.hashCode(initiatorPortId),
                Arrays.hashCode(targetPortId));
    }
}
