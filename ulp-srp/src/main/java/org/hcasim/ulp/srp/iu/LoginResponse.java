package org.hcasim.ulp.srp.iu;

import java.nio.ByteBuffer;

/**
 * SRP_LOGIN_RSP ({@code struct srp_login_rsp}, 52 bytes), in the CM reply's private data: opcode 0xC0 (0),
 * request-limit delta (4-7: the initial credits), tag (8-15), maximum initiator-to-target IU length (16-19),
 * maximum target-to-initiator IU length (20-23), supported buffer formats (24-25), response flags (26: multi-channel
 * result, 0 no channels terminated), reserved (27-51).
 */
public record LoginResponse(int reqLimDelta, long tag, int maxItIuLen, int maxTiIuLen, int bufFmt, int rspFlags) {
    public static final int BYTES = 52;

    public LoginResponse {
        if (reqLimDelta < 0 || bufFmt < 0 || bufFmt > 0xFFFF || rspFlags < 0 || rspFlags > 0xFF) {
            throw new IllegalArgumentException("SRP_LOGIN_RSP: request limit " + reqLimDelta + ", buffer formats 0x"
                    + Integer.toHexString(bufFmt) + ", flags 0x" + Integer.toHexString(rspFlags) + " out of range");
        }
    }

    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(BYTES);
        b.put((byte) SrpIu.LOGIN_RSP).put(new byte[3]).putInt(reqLimDelta).putLong(tag).putInt(maxItIuLen)
                .putInt(maxTiIuLen).putShort((short) bufFmt).put((byte) rspFlags);
        return b.array();
    }

    public static LoginResponse decode(byte[] bytes) {
        SrpIu.checkLength("SRP_LOGIN_RSP", bytes, 0, BYTES);
        SrpIu.checkOpcode("SRP_LOGIN_RSP", bytes, 0, SrpIu.LOGIN_RSP);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        return new LoginResponse(b.getInt(4), b.getLong(8), b.getInt(16), b.getInt(20), b.getShort(24) & 0xFFFF,
                b.get(26) & 0xFF);
    }
}
