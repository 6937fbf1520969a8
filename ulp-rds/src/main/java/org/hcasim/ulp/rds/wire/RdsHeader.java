package org.hcasim.ulp.rds.wire;

import java.util.Arrays;

/**
 * The 48-byte header in front of every RDS fragment on the wire (struct rds_header, net/rds/rds.h), big-endian:
 *
 * <pre>
 *  0  h_sequence   8   sequence number of the message on its connection
 *  8  h_ack        8   highest sequence number the sender has received (piggy-backed ACK)
 * 16  h_len        4   message length in bytes (all fragments)
 * 20  h_sport      2   source port
 * 22  h_dport      2   destination port
 * 24  h_flags      1   {@link #FLAG_CONG_BITMAP}, {@link #FLAG_ACK_REQUIRED}, {@link #FLAG_RETRANSMITTED}
 * 25  h_credit     1   receive credits granted to the peer (flow control)
 * 26  h_padding    4
 * 30  h_csum       2   IP checksum (ones' complement) of the 48 bytes, computed with this field 0
 * 32  h_exthdr    16   extension headers (type byte, then its data; 0 = none)
 * </pre>
 *
 * A header with ports 0 and length 0 is a bare ACK (rds_ib_send_ack).
 */
public record RdsHeader(long sequence, long ack, int length, int sourcePort, int destinationPort, int flags,
                        int credit, byte[] extension) {
    public static final int BYTES = 48;
    public static final int EXTENSION_BYTES = 16;
    public static final int FLAG_CONG_BITMAP = 0x01;
    public static final int FLAG_ACK_REQUIRED = 0x02;
    public static final int FLAG_RETRANSMITTED = 0x04;
    private static final int CSUM_OFFSET = 30;

    public RdsHeader {
        if (length < 0) {
            throw new IllegalArgumentException("RDS message length " + length + " is negative");
        }
        if (sourcePort < 0 || sourcePort > 0xFFFF || destinationPort < 0 || destinationPort > 0xFFFF) {
            throw new IllegalArgumentException("RDS ports " + sourcePort + " -> " + destinationPort + " outside 0..65535");
        }
        if (flags < 0 || flags > 0xFF || credit < 0 || credit > 0xFF) {
            throw new IllegalArgumentException("RDS flags " + flags + " / credit " + credit + " do not fit a byte");
        }
        extension = extension == null ? new byte[EXTENSION_BYTES] : extension.clone();
        if (extension.length != EXTENSION_BYTES) {
            throw new IllegalArgumentException("RDS extension space is " + EXTENSION_BYTES + " bytes, got " + extension.length);
        }
    }

    /** A data message's header without extension headers. */
    public static RdsHeader of(long sequence, long ack, int length, int sourcePort, int destinationPort, int flags,
                               int credit) {
        return new RdsHeader(sequence, ack, length, sourcePort, destinationPort, flags, credit, null);
    }

    /** A bare ACK (rds_ib_send_ack): sequence 0, ports 0, no data; carries the ack and maybe credits. */
    public static RdsHeader bareAck(long ack, int credit) {
        return of(0, ack, 0, 0, 0, 0, credit);
    }

    /** Whether this is a bare ACK rather than a fragment of a message. */
    public boolean isBareAck() {
        return length == 0 && sourcePort == 0 && destinationPort == 0;
    }

    public boolean ackRequired() {
        return (flags & FLAG_ACK_REQUIRED) != 0;
    }

    /** The header with another piggy-backed ack and credit (the sender fills them in per fragment). */
    public RdsHeader withAckAndCredit(long newAck, int newCredit) {
        return new RdsHeader(sequence, newAck, length, sourcePort, destinationPort, flags, newCredit, extension);
    }

    /** The 48 bytes with a valid checksum. */
    public byte[] encode() {
        byte[] b = new byte[BYTES];
        encodeInto(b, 0);
        return b;
    }

    /** Writes the 48 bytes with a valid checksum at {@code offset} of {@code b}. */
    public void encodeInto(byte[] b, int offset) {
        putLong(b, offset, sequence);
        putLong(b, offset + 8, ack);
        putInt(b, offset + 16, length);
        putShort(b, offset + 20, sourcePort);
        putShort(b, offset + 22, destinationPort);
        b[offset + 24] = (byte) flags;
        b[offset + 25] = (byte) credit;
        Arrays.fill(b, offset + 26, offset + 32, (byte) 0); // padding and the checksum field
        System.arraycopy(extension, 0, b, offset + 32, EXTENSION_BYTES);
        putShort(b, offset + CSUM_OFFSET, checksum(b, offset));
    }

    /**
     * Decodes 48 bytes at {@code offset}.
     *
     * @throws IllegalArgumentException when the checksum does not verify (rds_message_verify_checksum; a
     *                                  checksum field of 0 means "none" and is accepted, as there)
     */
    public static RdsHeader decode(byte[] b, int offset) {
        if (b.length - offset < BYTES) {
            throw new IllegalArgumentException("an RDS header needs " + BYTES + " bytes, got " + (b.length - offset));
        }
        if (getShort(b, offset + CSUM_OFFSET) != 0 && checksum(b, offset) != 0) {
            throw new IllegalArgumentException("RDS header checksum does not verify");
        }
        return new RdsHeader(getLong(b, offset), getLong(b, offset + 8), getInt(b, offset + 16),
                getShort(b, offset + 20), getShort(b, offset + 22), b[offset + 24] & 0xFF, b[offset + 25] & 0xFF,
                Arrays.copyOfRange(b, offset + 32, offset + BYTES));
    }

    /**
     * ip_fast_csum over the 24 16-bit big-endian words: the ones' complement of their ones' complement sum. Over
     * bytes whose checksum field holds it, the result is 0.
     */
    static int checksum(byte[] b, int offset) {
        int sum = 0;
        for (int i = 0; i < BYTES; i += 2) {
            sum += ((b[offset + i] & 0xFF) << 8) | (b[offset + i + 1] & 0xFF);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return ~sum & 0xFFFF;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RdsHeader h && sequence == h.sequence && ack == h.ack && length == h.length
                && sourcePort == h.sourcePort && destinationPort == h.destinationPort && flags == h.flags
                && credit == h.credit && Arrays.equals(extension, h.extension);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sequence) * 31 + Long.hashCode(ack) * 17 + length + Arrays.hashCode(extension);
    }

    @Override
    public String toString() {
        return "RdsHeader[seq " + sequence + ", ack " + ack + ", len " + length + ", " + sourcePort + "->"
                + destinationPort + ", flags 0x" + Integer.toHexString(flags) + ", credit " + credit + "]";
    }

    @Override
    public byte[] extension() {
        return extension.clone();
    }

    static void putLong(byte[] b, int at, long v) {
        for (int i = 7; i >= 0; i--) {
            b[at + i] = (byte) v;
            v >>>= 8;
        }
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static void putShort(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 8);
        b[at + 1] = (byte) v;
    }

    static long getLong(byte[] b, int at) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[at + i] & 0xFF);
        }
        return v;
    }

    static int getInt(byte[] b, int at) {
        return ((b[at] & 0xFF) << 24) | ((b[at + 1] & 0xFF) << 16) | ((b[at + 2] & 0xFF) << 8) | (b[at + 3] & 0xFF);
    }

    static int getShort(byte[] b, int at) {
        return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
    }
}
