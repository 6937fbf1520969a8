package org.hcasim.ulp.rds.wire;

/**
 * The private data of an RDS connection request and its reply (struct rds_ib_connect_private, IPv4 form),
 * big-endian, 28 bytes:
 *
 * <pre>
 *  0  dp_saddr              4   (0 here: hosts are named, the CM knows the peer)
 *  4  dp_daddr              4   (0)
 *  8  dp_protocol_major     1   4
 *  9  dp_protocol_minor     1   1
 * 10  dp_protocol_minor_mask 2  0xFFFF
 * 12  dp_reserved1          4   hcasim: the connection index (path) of this connection between the two hosts
 * 16  dp_ack_seq            8   highest sequence number received on a previous incarnation (0: new)
 * 24  dp_credit             4   receive credits granted (posted receives) when flow control is on, else 0
 * </pre>
 */
public record ConnectPrivateData(int protocolMajor, int protocolMinor, int path, long ackSequence, int credit) {
    public static final int BYTES = 28;
    /** RDS_PROTOCOL_4_1. */
    public static final int MAJOR = 4;
    public static final int MINOR = 1;

    public static ConnectPrivateData of(int path, int credit) {
        return new ConnectPrivateData(MAJOR, MINOR, path, 0, credit);
    }

    public byte[] encode() {
        byte[] b = new byte[BYTES];
        b[8] = (byte) protocolMajor;
        b[9] = (byte) protocolMinor;
        RdsHeader.putShort(b, 10, 0xFFFF);
        RdsHeader.putInt(b, 12, path);
        RdsHeader.putLong(b, 16, ackSequence);
        RdsHeader.putInt(b, 24, credit);
        return b;
    }

    /** Decodes the private data of a request or reply; a short or foreign one is an IllegalArgumentException. */
    public static ConnectPrivateData decode(byte[] b) {
        if (b == null || b.length < BYTES) {
            throw new IllegalArgumentException("RDS connect private data needs " + BYTES + " bytes, got "
                    + (b == null ? 0 : b.length));
        }
        ConnectPrivateData d = new ConnectPrivateData(b[8] & 0xFF, b[9] & 0xFF, RdsHeader.getInt(b, 12),
                RdsHeader.getLong(b, 16), RdsHeader.getInt(b, 24));
        if (d.protocolMajor != MAJOR) {
            throw new IllegalArgumentException("RDS protocol " + d.protocolMajor + "." + d.protocolMinor
                    + " is not " + MAJOR + "." + MINOR);
        }
        return d;
    }
}
