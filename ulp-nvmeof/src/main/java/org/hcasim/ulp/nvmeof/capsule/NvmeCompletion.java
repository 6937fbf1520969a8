package org.hcasim.ulp.nvmeof.capsule;

/**
 * The 16-byte completion queue entry a target returns in a response capsule: command-specific result
 * (0-3), SQ head pointer (8-9), SQ identifier (10-11), command id (12-13), status (14-15: phase bit 0,
 * status code bits 8:1, status code type bits 11:9, do-not-retry bit 15).
 */
public record NvmeCompletion(int result, int sqHead, int sqId, int commandId, int statusCodeType, int statusCode) {

    public static final int BYTES = 16;

    /** Generic status codes (type 0). */
    public static final int SC_SUCCESS = 0x00;
    public static final int SC_INVALID_OPCODE = 0x01;
    public static final int SC_INVALID_FIELD = 0x02;
    public static final int SC_DATA_TRANSFER_ERROR = 0x04;
    public static final int SC_INTERNAL = 0x06;
    public static final int SC_INVALID_NAMESPACE = 0x0B;
    public static final int SC_SGL_INVALID_DATA = 0x0D;
    public static final int SC_LBA_RANGE = 0x80;
    /** Type 1 (command specific): Connect Invalid Parameters. */
    public static final int SC_CONNECT_INVALID_PARAM = 0x82;
    /** Type 2 (media and data integrity errors). */
    public static final int SC_GUARD_CHECK = 0x82;
    public static final int SC_APPTAG_CHECK = 0x83;
    public static final int SC_REFTAG_CHECK = 0x84;

    public static final int SCT_GENERIC = 0;
    public static final int SCT_COMMAND_SPECIFIC = 1;
    public static final int SCT_MEDIA = 2;
    /** Path related status (NVMe 1.4): the host's transport, not the controller, ended the command. */
    public static final int SCT_PATH = 3;
    /** NVME_SC_HOST_ABORTED_CMD (0x371): the host cancelled the command (error recovery); retried unless DNR. */
    public static final int SC_HOST_ABORTED = 0x71;

    public static NvmeCompletion success(int commandId, int sqId, int sqHead, int result) {
        return new NvmeCompletion(result, sqHead, sqId, commandId, SCT_GENERIC, SC_SUCCESS);
    }

    public boolean ok() {
        return statusCodeType == SCT_GENERIC && statusCode == SC_SUCCESS;
    }

    /** The status field without the phase bit: SC in bits 7:0, SCT in bits 10:8 (as Linux's nvme status). */
    public int status() {
        return statusCodeType << 8 | statusCode;
    }

    public void encode(byte[] b, int at) {
        java.util.Arrays.fill(b, at, at + BYTES, (byte) 0);
        LittleEndian.put(b, at, result & 0xFFFF_FFFFL, 4);
        LittleEndian.put(b, at + 8, sqHead, 2);
        LittleEndian.put(b, at + 10, sqId, 2);
        LittleEndian.put(b, at + 12, commandId, 2);
        LittleEndian.put(b, at + 14, (long) (statusCodeType & 0x7) << 9 | (statusCode & 0xFF) << 1, 2);
    }

    public byte[] bytes() {
        byte[] b = new byte[BYTES];
        encode(b, 0);
        return b;
    }

    public static NvmeCompletion decode(byte[] b, int at) {
        int status = (int) LittleEndian.get(b, at + 14, 2);
        return new NvmeCompletion((int) LittleEndian.get(b, at, 4), (int) LittleEndian.get(b, at + 8, 2),
                (int) LittleEndian.get(b, at + 10, 2), (int) LittleEndian.get(b, at + 12, 2), status >>> 9 & 0x7,
                status >>> 1 & 0xFF);
    }
}
