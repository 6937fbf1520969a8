package org.hcasim.ulp.srp.iu;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * SRP_RSP ({@code struct srp_rsp}): 36 bytes, then response data and sense data. Opcode 0xC1 (0), request-limit
 * delta (4-7), tag (8-15), flags (18: RSPVALID 0x01, SNSVALID 0x02, DOUNDER 0x08, DIUNDER 0x20 ...), SCSI status
 * (19), data-out / data-in residual counts (20-27), sense data length (28-31), response data length (32-35).
 *
 * @param reqLimDelta credits the target returns with this response
 * @param status      SCSI status (GOOD 0x00, CHECK CONDITION 0x02)
 * @param sense       sense data (empty for none: SNSVALID is set when it is not)
 */
public record SrpResponse(int reqLimDelta, long tag, int status, int dataInResidual, byte[] sense) {
    public static final int FIXED_BYTES = 36;
    public static final int FLAG_RSPVALID = 0x01;
    public static final int FLAG_SNSVALID = 0x02;
    public static final int FLAG_DIUNDER = 0x20;
    public static final int STATUS_GOOD = 0x00;
    public static final int STATUS_CHECK_CONDITION = 0x02;

    public SrpResponse {
        sense = sense.clone();
        if (reqLimDelta < 0) {
            throw new IllegalArgumentException("negative request-limit delta " + reqLimDelta);
        }
    }

    @Override
    public byte[] sense() {
        return sense.clone();
    }

    public static SrpResponse good(int reqLimDelta, long tag) {
        return new SrpResponse(reqLimDelta, tag, STATUS_GOOD, 0, new byte[0]);
    }

    public boolean ok() {
        return status == STATUS_GOOD;
    }

    public int bytes() {
        return FIXED_BYTES + sense.length;
    }

    public byte[] encode() {
        ByteBuffer b = ByteBuffer.allocate(bytes());
        int flags = (sense.length > 0 ? FLAG_SNSVALID : 0) | (dataInResidual > 0 ? FLAG_DIUNDER : 0);
        b.put((byte) SrpIu.RSP).put((byte) 0).put(new byte[2]).putInt(reqLimDelta).putLong(tag).put(new byte[2]);
        b.put((byte) flags).put((byte) status).putInt(0).putInt(dataInResidual).putInt(sense.length).putInt(0);
        b.put(sense);
        return b.array();
    }

    public static SrpResponse decode(byte[] bytes, int off, int length) {
        if (length < FIXED_BYTES) {
            throw new IllegalArgumentException("SRP_RSP: " + length + " bytes, the fixed part is " + FIXED_BYTES);
        }
        SrpIu.checkLength("SRP_RSP", bytes, off, length);
        SrpIu.checkOpcode("SRP_RSP", bytes, off, SrpIu.RSP);
        ByteBuffer b = ByteBuffer.wrap(bytes, off, length).slice();
        int flags = b.get(18) & 0xFF;
        int senseLength = (flags & FLAG_SNSVALID) != 0 ? b.getInt(28) : 0;
        int responseLength = (flags & FLAG_RSPVALID) != 0 ? b.getInt(32) : 0;
        if (senseLength < 0 || responseLength < 0 || FIXED_BYTES + (long) responseLength + senseLength > length) {
            throw new IllegalArgumentException("SRP_RSP: response " + responseLength + " and sense " + senseLength
                    + " bytes do not fit its " + length + " bytes");
        }
        int senseAt = off + FIXED_BYTES + responseLength;
        return new SrpResponse(b.getInt(4), b.getLong(8), b.get(19) & 0xFF,
                (flags & FLAG_DIUNDER) != 0 ? b.getInt(24) : 0, Arrays.copyOfRange(bytes, senseAt, senseAt + senseLength));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SrpResponse r && r.reqLimDelta == reqLimDelta && r.tag == tag && r.status == status
                && r.dataInResidual == dataInResidual && Arrays.equals(r.sense, sense);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hash(reqLimDelta, tag, status, dataInResidual, Arrays.hashCode(sense));
    }
}
