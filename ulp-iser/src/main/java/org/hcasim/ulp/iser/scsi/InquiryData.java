package org.hcasim.ulp.iser.scsi;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Standard INQUIRY data (SPC-4 section 6.6.2), the 36 bytes LIO returns for a disk: byte 0 peripheral device
 * type 0 (direct access), byte 2 version 6 (SPC-4), byte 3 response data format 2, byte 4 additional length
 * (31), byte 5 bit 0 PROTECT (the LUN supports protection information), byte 7 CmdQue, bytes 8-15 vendor,
 * 16-31 product, 32-35 revision.
 */
public record InquiryData(boolean protect, String vendor, String product, String revision) {
    public static final int BYTES = 36;

    public byte[] encode() {
        byte[] b = new byte[BYTES];
        b[2] = 0x06;
        b[3] = 0x02;
        b[4] = (byte) (BYTES - 5);
        b[5] = (byte) (protect ? 0x01 : 0);
        b[7] = 0x02;
        put(b, 8, 8, vendor);
        put(b, 16, 16, product);
        put(b, 32, 4, revision);
        return b;
    }

    private static void put(byte[] b, int at, int width, String s) {
        Arrays.fill(b, at, at + width, (byte) ' ');
        byte[] t = s.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(t, 0, b, at, Math.min(width, t.length));
    }

    public static InquiryData decode(byte[] b) {
        if (b.length < BYTES) {
            throw new IllegalArgumentException("standard INQUIRY data of " + b.length + " bytes; 36 expected");
        }
        if ((b[0] & 0x1F) != 0) {
            throw new IllegalArgumentException("INQUIRY peripheral device type " + (b[0] & 0x1F) + " is not a disk");
        }
        return new InquiryData((b[5] & 1) != 0, text(b, 8, 8), text(b, 16, 16), text(b, 32, 4));
    }

    private static String text(byte[] b, int at, int width) {
        return new String(b, at, width, StandardCharsets.US_ASCII).strip();
    }
}
