package org.hcasim.ulp.iser.scsi;

import org.hcasim.block.PiType;
import org.hcasim.ulp.iser.pdu.BigEndian;

/**
 * READ CAPACITY(16) parameter data (SBC-3 section 5.16.2), 32 bytes: bytes 0-7 the last LBA, 8-11 the logical
 * block length, byte 12 P_TYPE (bits 3-1: PI type - 1) and PROT_EN (bit 0).
 */
public record ReadCapacity16Data(long lastLba, int blockLength, PiType protection) {
    public static final int BYTES = 32;

    public byte[] encode() {
        byte[] b = new byte[BYTES];
        BigEndian.put64(b, 0, lastLba);
        BigEndian.put32(b, 8, blockLength);
        if (protection != PiType.NONE) {
            b[12] = (byte) ((protection.ordinal() - PiType.TYPE1.ordinal()) << 1 | 1);
        }
        return b;
    }

    public long blocks() {
        return lastLba + 1;
    }

    public static ReadCapacity16Data decode(byte[] b) {
        if (b.length < 13) {
            throw new IllegalArgumentException("READ CAPACITY(16) data of " + b.length + " bytes; at least 13 expected");
        }
        PiType type = PiType.NONE;
        if ((b[12] & 1) != 0) {
            int p = (b[12] >>> 1) & 7;
            if (p > 2) {
                throw new IllegalArgumentException("READ CAPACITY(16): P_TYPE " + p + " is not a T10-PI type 1-3");
            }
            type = PiType.values()[PiType.TYPE1.ordinal() + p];
        }
        return new ReadCapacity16Data(BigEndian.get64(b, 0), BigEndian.get32(b, 8), type);
    }
}
