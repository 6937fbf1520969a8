package org.hcasim.ulp.nvmeof.capsule;

/**
 * RDMA CM private data of the NVMe/RDMA transport binding (32 bytes each, little-endian).
 * Request: record format (0-1), queue id (2-3), host receive queue size (4-5), host send queue size
 * (6-7, 0-based like SQSIZE), controller id (8-9). Accept: record format (0-1), controller receive queue
 * size (2-3). Reject: record format (0-1), status (2-3).
 */
public final class ConnectPrivateData {

    public static final int BYTES = 32;
    public static final int RECFMT = 0;
    /** Reject status: invalid queue id, receive queue size, send queue size (NVME_RDMA_CM_INVALID_*). */
    public static final int REJECT_INVALID_QID = 0x05;
    public static final int REJECT_INVALID_HSQSIZE = 0x06;
    public static final int REJECT_INVALID_HRQSIZE = 0x07;
    public static final int REJECT_NO_RESOURCES = 0x08;

    private ConnectPrivateData() {
    }

    /** What the host sends with rdma_connect. */
    public record Request(int qid, int hrqsize, int hsqsize, int cntlid) {
        public byte[] encode() {
            byte[] b = new byte[BYTES];
            LittleEndian.put(b, 0, RECFMT, 2);
            LittleEndian.put(b, 2, qid, 2);
            LittleEndian.put(b, 4, hrqsize, 2);
            LittleEndian.put(b, 6, hsqsize, 2);
            LittleEndian.put(b, 8, cntlid, 2);
            return b;
        }

        /** Decodes; fails with a one-line message if the data is too short or of another record format. */
        public static Request decode(byte[] b) {
            requireFormat(b, 10);
            return new Request((int) LittleEndian.get(b, 2, 2), (int) LittleEndian.get(b, 4, 2),
                    (int) LittleEndian.get(b, 6, 2), (int) LittleEndian.get(b, 8, 2));
        }
    }

    /** What the target accepts with. */
    public record Accept(int crqsize) {
        public byte[] encode() {
            byte[] b = new byte[BYTES];
            LittleEndian.put(b, 0, RECFMT, 2);
            LittleEndian.put(b, 2, crqsize, 2);
            return b;
        }

        public static Accept decode(byte[] b) {
            requireFormat(b, 4);
            return new Accept((int) LittleEndian.get(b, 2, 2));
        }
    }

    /** What the target rejects with. */
    public record Reject(int status) {
        public byte[] encode() {
            byte[] b = new byte[BYTES];
            LittleEndian.put(b, 0, RECFMT, 2);
            LittleEndian.put(b, 2, status, 2);
            return b;
        }

        public static Reject decode(byte[] b) {
            requireFormat(b, 4);
            return new Reject((int) LittleEndian.get(b, 2, 2));
        }
    }

    private static void requireFormat(byte[] b, int needed) {
        if (b == null || b.length < needed) {
            throw new IllegalArgumentException("NVMe/RDMA connect private data too short: "
                    + (b == null ? 0 : b.length) + " bytes, need " + needed);
        }
        int recfmt = (int) LittleEndian.get(b, 0, 2);
        if (recfmt != RECFMT) {
            throw new IllegalArgumentException("NVMe/RDMA connect private data has record format " + recfmt
                    + "; only format " + RECFMT + " is defined");
        }
    }
}
